"""docs/rules/potion_explosion.md, "Components" and "Terms": the tile table and constants."""

from engine.potion_explosion import data


def test_components_64_tiles_16_starters():
    """Components: 8 types x 8 tiles = 64, two identical tiles per recipe, 16 starters."""
    assert len(data.TILES) == 32
    assert sum(data.COPIES_PER_RECIPE for _ in data.TILES) == 64
    assert sum(data.COPIES_PER_RECIPE for t in data.TILES.values() if t.starter) == 16
    assert all(t.holes == 4 for t in data.TILES.values() if t.starter)
    for code in data.TYPE_CODES:
        assert sorted(t.holes for t in data.TILES.values() if t.type == code) == [4, 5, 6, 7]


def test_components_each_colour_fills_88_holes():
    """Components check: each colour appears in exactly 88 holes over all 64 tiles."""
    for k in range(4):
        assert sum(2 * t.recipe[k] for t in data.TILES.values()) == 88


def test_components_table_values():
    """Spot checks of the table: recipes in R, B, Y, K order and VP."""
    assert data.TILES["SAN4"].recipe == (0, 0, 2, 2) and data.TILES["SAN4"].vp == 3
    assert data.TILES["WIS7"].recipe == (2, 4, 0, 1) and data.TILES["WIS7"].vp == 11
    assert data.TILES["FIL7"].recipe == (0, 0, 3, 4) and data.TILES["FIL7"].vp == 11
    assert data.TILES["BLI5"].recipe == (0, 3, 2, 0) and data.TILES["BLI5"].vp == 5
    assert data.TILES["PRI4"].vp == 3 and data.TILES["ABY6"].recipe == (4, 0, 2, 0)


def test_terms_constants():
    """Terms / PE-D1: 4 colours x 20 marbles, 5 tracks of 8, pool of 3, 15 skill tokens."""
    assert data.COLOURS == ("R", "B", "Y", "K")
    assert data.MARBLES_PER_COLOUR * 4 == data.TOTAL_MARBLES == 80
    assert (data.NUM_TRACKS, data.TRACK_LENGTH, data.POOL_SIZE) == (5, 8, 3)
    assert data.SKILL_TOKENS == 15
    assert data.FIRST_GAME_REMOVED == ("BAL", "FIL")
