"""XP tracks, levels and echelons (REFERENCE.md "XP to reach each level"; 000: 245, 869-891)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.rules.advancement import (
    MAX_LEVEL,
    XP_PER_LEVEL,
    echelon,
    level_for_xp,
    xp_for_level,
)

# XP to reach levels 1..10, written out from REFERENCE.md.
XP_TABLE = {
    "normal": [0, 16, 32, 48, 64, 80, 96, 112, 128, 144],
    "fast": [0, 8, 16, 24, 32, 40, 48, 56, 64, 72],
    "slow": [0, 32, 64, 96, 128, 160, 192, 224, 256, 288],
}
TRACK_LEVELS = [
    (track, level, xp) for track, row in XP_TABLE.items() for level, xp in enumerate(row, 1)
]


def test_tracks_are_the_three_of_the_book():
    assert dict(XP_PER_LEVEL) == {"normal": 16, "fast": 8, "slow": 32}
    assert MAX_LEVEL == 10


@pytest.mark.parametrize(("track", "level", "xp"), TRACK_LEVELS)
def test_xp_for_every_level_on_every_track(track, level, xp):
    assert xp_for_level(level, track) == xp


def test_default_track_is_normal():
    assert xp_for_level(10) == 144
    assert level_for_xp(48) == 4


@pytest.mark.parametrize(("track", "level", "xp"), TRACK_LEVELS)
def test_level_for_xp_exactly_at_each_threshold(track, level, xp):
    assert level_for_xp(xp, track) == level


@pytest.mark.parametrize(("track", "level", "xp"), [row for row in TRACK_LEVELS if row[1] > 1])
def test_one_xp_short_of_a_threshold_is_the_level_below(track, level, xp):
    assert level_for_xp(xp - 1, track) == level - 1


@pytest.mark.parametrize(("track", "level", "xp"), [row for row in TRACK_LEVELS if row[1] < 10])
def test_one_xp_past_a_threshold_keeps_the_level(track, level, xp):
    assert level_for_xp(xp + 1, track) == level


@pytest.mark.parametrize("track", ["normal", "fast", "slow"])
def test_level_is_capped_at_ten(track):
    top = XP_TABLE[track][-1]
    assert level_for_xp(top, track) == 10
    assert level_for_xp(top + XP_PER_LEVEL[track], track) == 10
    assert level_for_xp(10_000, track) == 10


def test_same_xp_reaches_different_levels_on_different_tracks():
    assert (level_for_xp(40, "fast"), level_for_xp(40), level_for_xp(40, "slow")) == (6, 3, 2)


@pytest.mark.parametrize("track", ["Normal", "medium", "", None])
def test_unknown_track_lists_the_allowed_ones(track):
    with pytest.raises(RulesError) as caught:
        level_for_xp(0, track)
    assert "normal, fast, slow" in str(caught.value)
    with pytest.raises(RulesError, match="unknown XP track"):
        xp_for_level(2, track)


@pytest.mark.parametrize("level", [0, 11, -1, True, 2.0, "3", None])
def test_bad_level_is_refused(level):
    with pytest.raises(RulesError, match="from 1 to 10"):
        xp_for_level(level)
    with pytest.raises(RulesError, match="from 1 to 10"):
        echelon(level)


@pytest.mark.parametrize("xp", [-1, True, 1.5, "16", None])
def test_bad_xp_is_refused(xp):
    with pytest.raises(RulesError, match="XP must be a whole number of 0 or more"):
        level_for_xp(xp)


def test_rules_error_is_a_value_error():
    with pytest.raises(ValueError):
        level_for_xp(-5)


@pytest.mark.parametrize(
    ("level", "expected"),
    [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 3), (8, 3), (9, 3), (10, 4)],
)
def test_echelon_of_every_level(level, expected):
    assert echelon(level) == expected


@given(level=st.integers(min_value=1, max_value=10), track=st.sampled_from(list(XP_TABLE)))
def test_level_for_xp_inverts_xp_for_level(level, track):
    assert level_for_xp(xp_for_level(level, track), track) == level


@given(
    a=st.integers(min_value=0, max_value=1000),
    b=st.integers(min_value=0, max_value=1000),
    track=st.sampled_from(list(XP_TABLE)),
)
def test_more_xp_never_means_a_lower_level(a, b, track):
    low, high = sorted((a, b))
    assert level_for_xp(low, track) <= level_for_xp(high, track)


@given(xp=st.integers(min_value=0, max_value=1000), track=st.sampled_from(list(XP_TABLE)))
def test_level_for_xp_is_the_highest_level_reached(xp, track):
    level = level_for_xp(xp, track)
    assert xp_for_level(level, track) <= xp
    if level < 10:
        assert xp_for_level(level + 1, track) > xp
