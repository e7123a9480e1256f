"""Packaging details pyproject.toml cannot say: which packages, and which root module.

Every folder with an ``__init__.py`` (but ``tests`` and ``bench``) is installed under the one
top-level name ``tabletop_trio``; of the root's modules only ``main.py`` goes with them.
"""

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

PACKAGES = find_packages(exclude=["tests", "tests.*", "bench", "bench.*"])


class BuildPy(build_py):
    """Leave the root's other modules (setup.py, conftest.py) out of the install."""

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        if package == "tabletop_trio":
            modules = [m for m in modules if m[1] == "main"]
        return modules


setup(
    packages=["tabletop_trio"] + [f"tabletop_trio.{name}" for name in PACKAGES],
    cmdclass={"build_py": BuildPy},
)
