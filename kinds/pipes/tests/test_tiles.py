"""Pipes' tiles: the seed's rotation, shapes, orientations and the fewest turns between two."""

from hypothesis import given
from hypothesis import strategies as st

from kinds.pipes.engine import nearest_turns, orientations, rotate, shape, turns_between

masks = st.integers(0, 15)


@given(masks)
def test_rotate_once_is_the_seed_formula(mask):
    assert rotate(mask) == ((mask << 1) | (mask >> 3)) & 0xF


@given(masks, st.integers(-8, 8))
def test_rotation_keeps_the_pipe_count_and_four_turns_are_identity(mask, turns):
    assert bin(rotate(mask, turns)).count("1") == bin(mask).count("1")
    assert rotate(mask, turns + 4) == rotate(mask, turns)
    assert rotate(rotate(mask, turns), -turns) == mask


def test_clockwise_means_left_to_up():
    assert rotate(1) == 2  # left -> up
    assert rotate(2) == 4  # up -> right
    assert rotate(8) == 1  # down -> left


@given(masks, st.integers(0, 3))
def test_turns_between_is_the_fewest_turns(mask, turns):
    target = rotate(mask, turns)
    found = turns_between(mask, target)
    assert rotate(mask, found) == target
    assert found <= turns


@given(masks, st.integers(-3, 3))
def test_nearest_turns_go_the_short_way_round(mask, turns):
    target = rotate(mask, turns)
    found = nearest_turns(mask, target)
    assert rotate(mask, found) == target
    assert abs(found) <= min(abs(turns), 4 - abs(turns)) and found in (-1, 0, 1, 2)


def test_a_tile_that_looks_right_needs_no_turn():
    assert nearest_turns(0b0101, 0b0101) == 0  # a straight
    assert nearest_turns(0b1010, 0b0101) in (1, -1)  # a straight across: one turn, either way
    assert nearest_turns(0b0011, 0b1001) == -1  # a bend three turns on is one back
    assert nearest_turns(0b0011, 0b1100) == 2
    assert nearest_turns(15, 15) == 0 and nearest_turns(5, 3) is None


def test_shapes_and_orientations():
    assert [shape(m) for m in (0, 1, 5, 3, 7, 15)] == [
        "empty",
        "end",
        "straight",
        "bend",
        "tee",
        "cross",
    ]
    assert orientations(5) == (5, 10)
    assert orientations(3) == (3, 6, 12, 9)
    assert turns_between(5, 3) is None
