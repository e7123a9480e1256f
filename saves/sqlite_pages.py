"""Rows read straight from the pages of a damaged SQLite file, without SQLite.

When the first page (the schema) or a table's inner page is damaged, SQLite finds none of a
table's rows, though most of them still sit whole in their leaf pages. :func:`leaf_rows`
walks every page of the file, and from each table leaf page (type ``0x0D``) decodes the cells
its pointer array lists: ``(rowid, values)`` in the record format of the SQLite file format
(https://www.sqlite.org/fileformat2.html, sections 1.6 and 2.1). Overflow pages are not
followed (a cell larger than its page is skipped): the statistics' rows are a few hundred
bytes. What is read here is only a candidate: the caller checks each row (its checksum) before
keeping it.
"""

from __future__ import annotations

import struct

LEAF_TABLE = 0x0D
_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: ``(value, next offset)``."""
    value = 0
    for index in range(9):
        byte = data[at + index]
        if index == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + index + 1
    raise IndexError("varint")


def page_size(data: bytes) -> int:
    """The page size the header names, or 4096 when the header is damaged."""
    if len(data) >= 18:
        size = struct.unpack(">H", data[16:18])[0]
        size = 65536 if size == 1 else size
        if size >= 512 and size & (size - 1) == 0:
            return size
    return 4096


def _record(payload: bytes) -> list:
    """The values of one record (NULL, int, float, bytes for text and blobs)."""
    header_size, at = _varint(payload, 0)
    types = []
    while at < header_size:
        kind, at = _varint(payload, at)
        types.append(kind)
    at = header_size
    values: list = []
    for kind in types:
        if kind == 0:
            values.append(None)
        elif kind in _INT_SIZES:
            size = _INT_SIZES[kind]
            values.append(int.from_bytes(payload[at : at + size], "big", signed=True))
            at += size
        elif kind == 7:
            values.append(struct.unpack(">d", payload[at : at + 8])[0])
            at += 8
        elif kind in (8, 9):
            values.append(kind - 8)
        elif kind >= 12:
            size = (kind - 12) // 2
            values.append(bytes(payload[at : at + size]))
            at += size
        else:
            raise ValueError("reserved serial type")
    if at > len(payload):
        raise IndexError("record")
    return values


def leaf_rows(data: bytes, columns: int) -> list[tuple[int, list]]:
    """``(rowid, values)`` of every cell of every table leaf page of ``data`` (a SQLite file)
    holding exactly ``columns`` values; cells that cannot be decoded are skipped."""
    size = page_size(data)
    found = []
    for start in range(0, len(data) - 8, size):
        head = start + (100 if start == 0 else 0)
        if data[head] != LEAF_TABLE:
            continue
        cells = struct.unpack(">H", data[head + 3 : head + 5])[0]
        for number in range(cells):
            try:
                pointer = struct.unpack(">H", data[head + 8 + 2 * number : head + 10 + 2 * number])[
                    0
                ]
                at = start + pointer
                length, at = _varint(data, at)
                rowid, at = _varint(data, at)
                if length > size or at + length > start + size:
                    continue  # on an overflow page, or pointing out of its page
                values = _record(data[at : at + length])
            except (IndexError, ValueError, struct.error):
                continue
            if len(values) == columns:
                found.append((rowid, values))
    return found
