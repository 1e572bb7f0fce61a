"""Double Choco's engine: generated boards have exactly one solution (a fresh SAT search and
the exact-cover oracle agree), their tilings are blocks of two congruent halves, each level
numbers what it says; the kind plays walls and checks, loads any puzz.link text, hints the
solution's walls, and its state text reads back."""

from dataclasses import replace

import pytest
from sentences import assert_one_sentence

from kinds.choco.engine import (
    CHECK,
    KIND,
    Grid,
    blocks,
    breaches,
    decode,
    edge,
    generate,
    shape,
    solutions,
    tile,
    walls_of,
    walls_text,
)
from kinds.choco.engine import kind as choco_kind
from kinds.choco.engine.solver import OutOfRounds
from kinds.choco.tests.chocokit import FIXTURE, FIXTURE_BLOCKS, count_solutions, is_solution
from puzzle import Generated, MoveError
from puzzle.prng import Stream

SEEDS = [f"s{k}" for k in range(6)]


def stored(description, params="6x6", solution=""):
    return Generated("choco", params, "t", 6, 6, description, solution, 0, 0.0, "choco/1")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_generated_6x6_board_has_exactly_its_tiling_as_solution(level, seed):
    made = generate(6, 6, level, seed)
    intended = walls_of(made.grid, made.block_of)
    assert solutions(made.grid, 2) == [intended]
    assert count_solutions(made.grid, 2) == [intended]
    assert is_solution(made.grid, intended)


@pytest.mark.parametrize(("size", "level"), [(8, "normal"), (8, "hard"), (10, "normal")])
def test_larger_boards_are_unique_by_a_fresh_search(size, level):
    made = generate(size, size, level, "big")
    assert solutions(made.grid, 2) == [walls_of(made.grid, made.block_of)]


@pytest.mark.parametrize("seed", range(20))
def test_a_tiling_is_blocks_of_two_congruent_touching_halves(seed):
    gray, block_of = tile(7, 6, Stream(f"tile-{seed}"))
    grid = Grid(7, 6, gray, (None,) * 42)
    for block in set(block_of):
        cells = [c for c in range(42) if block_of[c] == block]
        halves = [[c for c in cells if gray[c] == colour] for colour in (False, True)]
        assert all(halves) and shape(halves[0], 7) == shape(halves[1], 7)
    assert not breaches(grid, walls_of(grid, block_of))


def numbered_halves(made):
    """Every block's halves, each with whether it holds a number."""
    grid, block_of = made.grid, made.block_of
    halves = {}
    for cell in range(grid.area):
        key = (block_of[cell], grid.gray[cell])
        halves[key] = halves.get(key, False) or grid.clues[cell] is not None
    return halves


@pytest.mark.parametrize("seed", SEEDS)
def test_levels_number_what_they_say(seed):
    easy, normal, hard = (generate(6, 6, level, seed) for level in ("easy", "normal", "hard"))
    assert all(numbered_halves(easy).values())  # both halves of every block
    for made in (easy, normal, hard):
        sizes = {b: made.block_of.count(b) // 2 for b in made.block_of}
        assert all(
            clue in (None, sizes[made.block_of[c]]) for c, clue in enumerate(made.grid.clues)
        )
    # Normal: fewer numbers than easy, at the densities of human-made puzzles.
    assert sum(numbered_halves(normal).values()) < sum(numbered_halves(easy).values())
    # Hard: no number can go, each is needed for the one solution.
    grid = hard.grid
    for cell, clue in enumerate(grid.clues):
        if clue is not None:
            fewer = replace(grid, clues=(*grid.clues[:cell], None, *grid.clues[cell + 1 :]))
            assert len(solutions(fewer, 2)) == 2, f"the number at {cell} is not needed"


def test_generation_is_the_same_for_the_same_arguments():
    one, two = generate(8, 8, "normal", "same"), generate(8, 8, "normal", "same")
    assert one == two and generate(8, 8, "normal", "other") != one


def test_the_fixture_loads_from_its_text_alone_with_its_one_solution():
    puzzle = KIND.load(stored(FIXTURE))
    expected = sorted(sorted(row * 6 + column for row, column in b) for b in FIXTURE_BLOCKS)
    assert sorted(map(sorted, blocks(puzzle.grid, puzzle.walls))) == expected
    assert puzzle.link == "https://puzz.link/p?dbchoco/6/6/ueoq8p30g42j4n5s22j"
    assert KIND.par(puzzle) == len(puzzle.walls)
    assert KIND.label(puzzle) == "6×6 · normal · 6 numbers"


def test_a_text_with_no_solution_or_of_another_size_does_not_load():
    with pytest.raises(ValueError, match="no solution"):
        KIND.load(stored("6/6/" + "0" * 8 + "zv"))  # all white: no block has two colours
    with pytest.raises(ValueError):
        KIND.load(stored(FIXTURE, params="8x8"))


def test_a_text_the_solver_cannot_settle_in_its_rounds_does_not_load(monkeypatch):
    with pytest.raises(OutOfRounds):
        solutions(decode(FIXTURE), 2, rounds=1)
    monkeypatch.setattr(choco_kind, "LOAD_ROUNDS", 1)
    with pytest.raises(ValueError, match="too hard to check"):
        KIND.load(stored(FIXTURE))
    # With its solution stored, nothing is left to solve.
    block_of = [0] * 36
    for k, block in enumerate(FIXTURE_BLOCKS):
        for row, column in block:
            block_of[row * 6 + column] = k
    answer = walls_of(decode(FIXTURE), block_of)
    assert KIND.load(stored(FIXTURE, solution=walls_text(6, 6, answer))).walls == answer


def test_walls_toggle_check_marks_and_a_toggle_clears_the_check():
    puzzle = KIND.load(stored(FIXTURE))
    state = KIND.initial_state(puzzle)
    moves = KIND.parse_moves(puzzle, state, "A1-B1, a1–a2 check")
    assert moves == [(0, 1), (0, 6), CHECK]
    applied = KIND.apply(puzzle, state, moves)
    assert applied.state.walls == {(0, 1), (0, 6)} and applied.state.checked
    assert applied.counted == 2 and applied.marks.edges == ((0, 1), (0, 6))
    status = KIND.status(puzzle, applied.state)
    assert status.outcome == "playing" and status.details["breaches"]
    assert KIND.encode_state(applied.state).startswith("6x6;walls=")
    assert KIND.encode_state(applied.state).endswith(";checked")
    assert KIND.decode_state(KIND.encode_state(applied.state)) == applied.state
    again = KIND.apply(puzzle, applied.state, [(0, 1)])
    assert again.state.walls == {(0, 6)} and not again.state.checked
    assert KIND.status(puzzle, again.state).details["breaches"] is None


@pytest.mark.parametrize("text", ["7x7", "9x7", "7 x 9 hard", "5x5", "11x12", "12x12"])
def test_a_board_no_tiling_fits_or_off_the_sides_is_refused_in_one_sentence(text):
    """Every block has as many white cells as gray ones: an odd number of cells has no
    solution, and a generator asked for one would never end."""
    with pytest.raises(ValueError) as refused:
        KIND.parse_params(text)
    assert_one_sentence(str(refused.value))
    with pytest.raises(ValueError):
        KIND.parse_daily(text)


def test_the_generator_itself_refuses_an_odd_number_of_cells_rather_than_never_ending():
    with pytest.raises(ValueError, match="odd number of cells"):
        generate(7, 7, "normal", "odd")


@pytest.mark.parametrize("text", ["6x6", "7x6", "10x9h", "10x10 easy", "6x10"])
def test_boards_of_an_even_number_of_cells_6_to_10_a_side_are_read(text):
    params = KIND.parse_params(text)
    assert min(params.width, params.height) >= 6 and max(params.width, params.height) <= 10


@pytest.mark.parametrize(
    ("text", "words"),
    [("B3-D3", "side by side"), ("B3", "is not a wall"), ("G1-G2", "G1"), ("", "Name a wall")],
)
def test_a_wall_that_is_not_one_is_refused_in_one_sentence(text, words):
    puzzle = KIND.load(stored(FIXTURE))
    with pytest.raises(ValueError, match=words):
        KIND.parse_moves(puzzle, KIND.initial_state(puzzle), text)


def test_the_solution_solves_and_moves_after_it_are_not_played():
    puzzle = KIND.load(stored(FIXTURE))
    walls = sorted(puzzle.walls)
    extra = edge(0, 1, 6, 6) if edge(0, 1, 6, 6) not in puzzle.walls else edge(0, 6, 6, 6)
    applied = KIND.apply(puzzle, KIND.initial_state(puzzle), [*walls, extra])
    assert KIND.status(puzzle, applied.state).outcome == "solved"
    assert applied.moves == tuple(walls) and applied.counted == KIND.par(puzzle)
    with pytest.raises(MoveError, match="solved already"):
        KIND.apply(puzzle, applied.state, [extra])
    assert isinstance(KIND.hint(puzzle, applied.state), str)


def test_a_hint_removes_a_wrong_wall_first_then_draws_a_missing_one():
    puzzle = KIND.load(stored(FIXTURE))
    wrong = next(e for e in [(0, 1), (0, 6), (1, 2)] if e not in puzzle.walls)
    state = KIND.apply(puzzle, KIND.initial_state(puzzle), [wrong]).state
    assert KIND.hint(puzzle, state) == wrong
    fixed = KIND.apply(puzzle, state, [wrong]).state
    assert KIND.hint(puzzle, fixed) in puzzle.walls


def test_the_rules_flood_fill_is_iterative_on_the_largest_boards():
    """The seed's recursive fill fails near 30×30; ours walks a 40×40 grid with no wall."""
    grid = decode("40/40/" + "l" * 320 + "z" * 80)
    assert [len(b) for b in blocks(grid, frozenset())] == [1600]
    assert breaches(grid, frozenset()).blocks
