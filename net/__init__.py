"""Playing at a distance: the turn log, the online match, and the transports that carry it.

No pygame here. :mod:`net.log` (header, entries, hashes, checks), :mod:`net.session` (the
online match the table drives), :mod:`net.secret` (hidden decisions), :mod:`net.bots`
(clock-less bots every computer plays alike), :mod:`net.transport` (the protocol and an
in-memory log), :mod:`net.files` (a turn by file), :mod:`net.lan` (a local network),
:mod:`net.matrix` (a Matrix room), :mod:`net.store` (this computer's online games) and
:mod:`net.play` (a headless runner). docs/DESIGN.md, "Playing at a distance".
"""
