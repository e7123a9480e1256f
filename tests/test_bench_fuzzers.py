"""The fuzzers of issue 36 in ``bench/`` run and print their counts (a few cases each here;
``python -m bench.fuzz_positions`` and its kin run thousands)."""

import re

from bench import fuzz_positions, fuzz_saves, fuzz_stats


def test_the_position_fuzzer_counts_its_cases(capsys):
    fuzz_positions.main(["--cases", "6", "--game", "tea-time"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "game",
        "source",
        "cases",
        "refused",
        "played",
        "hangs",
        "tracebacks",
        "s",
    ]
    for line in lines[1:]:
        game, source, cases, refused, played, hangs, tracebacks, _seconds = line.split()
        assert (game, cases) == ("tea-time", "6") and int(refused) + int(played) == 6
        assert hangs == tracebacks == "0"


def test_the_save_fuzzer_counts_its_cases(capsys):
    fuzz_saves.main(["--cases", "5", "--game", "diced-tomatoes"])
    row = capsys.readouterr().out.splitlines()[-1].split()
    assert row[:2] == ["diced-tomatoes", "5"] and int(row[2]) + int(row[3]) == 5
    assert row[4] == row[5] == "0"


def test_the_statistics_fuzzer_counts_its_cases(capsys):
    fuzz_stats.main(["--cases", "3", "--games", "6"])
    out = capsys.readouterr().out
    found = re.search(r"cases 3  tracebacks (\d+)  changed records (\d+)", out)
    assert found and found.groups() == ("0", "0"), out
