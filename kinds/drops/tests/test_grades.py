"""Ten Drops grades (issue 37): the grader against the tests' exhaustive search and random
tappers (``dropskit``, ``grade_oracle``), every level's boards proven and inside its band,
levels strictly ordered by the oracle on every board, and one board per level pinned."""

from itertools import pairwise

import pytest
from hypothesis import given, settings

from kinds.drops.engine import GRADES, KIND, failing, generator, grade, solve
from kinds.drops.engine.generator import BUDGETS
from kinds.drops.engine.grade import level
from kinds.drops.engine.solver import taps_at_least
from kinds.drops.tests.dropskit import exhaustive
from kinds.drops.tests.grade_oracle import misses, oracle
from kinds.drops.tests.test_solver import SEED, small_boards
from puzzle.levels import LEVELS

#: The 6×6 boards looked at, by level: seeds whose boards are quick to make (some take
#: seconds), each made once a process.
SEEDS = {"easy": ("g3", "g1", "g0"), "normal": ("g2", "g0", "g4"), "hard": ("g3", "g4", "g5")}


def made(params, seed):
    return KIND.generate(KIND.parse_params(params), seed)


def test_the_kind_grades_by_the_engine_s_bands_with_gaps_between_them():
    """Ordered and disjoint as every graded kind's (``tests/test_grades.py``), and more:
    a gap no level keeps between neighbours."""
    assert KIND.grades is GRADES
    bands = [GRADES[level] for level in LEVELS]
    assert all(a[1] < b[0] for a, b in pairwise(bands))


def test_the_seed_board_grades_hard_as_the_readme_says():
    """Par 14 in 5 taps, and 84% of random tappers fail it (the oracle's own: 80–90%)."""
    assert len(solve(6, 6, SEED, 10).line.taps) == 5
    assert failing(6, 6, SEED, 10) == 0.84 and 0.8 <= misses(tuple(SEED), 6, 10) <= 0.9
    assert grade(5, 0.84) == 11.72 and level(11.72) == "hard"


@settings(max_examples=6, deadline=None)
@given(board=small_boards())
def test_on_4x4_boards_the_grade_is_the_fewest_taps_at_par_and_the_random_tappers_share(board):
    """Against every line of taps (the tests' exhaustive search, 4 drops): the grade's taps
    are the fewest of a line leaving the most drops, and its share of random tappers that
    fail is the oracle's, within the noise of 200 and 300 plays; the taps bound holds."""
    found = exhaustive(tuple(board), 4, 4, 14)
    line = solve(4, 4, board, 4).line
    assert (line is None) == (found is None)
    if line is None:
        return
    failed = failing(4, 4, board, 4)
    assert abs(failed - misses(tuple(board), 4, 4)) <= 0.15
    assert grade(len(line.taps), failed) == round(found[1] + 8 * failed, 2)
    assert taps_at_least(4, 4, board) <= found[1]


@pytest.mark.parametrize("level", LEVELS)
def test_each_levels_boards_are_proven_in_its_band_at_the_daily_size(level):
    """6×6 boards of every level: par is proven within the level's budget, and the stored
    difficulty is the board's grade, inside the level's band."""
    low, high = GRADES[level]
    for seed in SEEDS[level][:2]:
        generated = made(f"6x6 {level}", seed)
        puzzle = KIND.load(generated)
        cells = bytes(puzzle.cells)
        search = solve(6, 6, cells, 10, BUDGETS[level])
        assert search.proven and search.line.drops == puzzle.par == generated.par
        assert generated.difficulty == grade(len(search.line.taps), failing(6, 6, cells, 10))
        assert low <= generated.difficulty < high and puzzle.level == level


def test_at_the_daily_size_every_easy_board_is_below_every_normal_below_every_hard():
    """6×6, the daily's size: levels strictly ordered by the oracle on every board."""
    values = {
        level: [oracle(made(f"6x6 {level}", seed)) for seed in SEEDS[level]] for level in LEVELS
    }
    assert max(values["easy"]) < min(values["normal"])
    assert max(values["normal"]) < min(values["hard"])


#: One board per level, fixed forever (``drops/3``): its description, optimal line, par and
#: grade; a change of any library that alters a code fails here.
GOLDEN = {
    "6x6e-g3": ("6x6;drops=10;043020/412334/020341/332442/212303/100322", "A6 D4", 17, 3.24),
    "6x6-g2": ("6x6;drops=10;021423/321340/344232/032322/200040/011211", "D3 D4 C3 B1", 15, 7.68),
    "6x6h-g3": (
        "6x6;drops=10;304002/232312/403341/302024/121310/233243",
        "C3 E4 E4 D5 C3",
        14,
        11.2,
    ),
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_one_board_per_level_is_pinned(code):
    params, _, seed = code.partition("-")
    generated = made(params, seed)
    assert generated.generator == "drops/3"
    pinned = (generated.description, generated.solution, generated.par, generated.difficulty)
    assert pinned == GOLDEN[code]


def test_past_its_candidates_the_generator_takes_the_board_nearest_the_band(monkeypatch):
    """With 3 candidates, a hard 6×6 board is not found: the proven one nearest the band is
    taken, its level the one its grade says."""
    monkeypatch.setattr(generator, "MAX_CANDIDATES", 3)
    made = generator.generate.__wrapped__(6, 6, "hard", "6x6h-few")
    assert made.level == level(made.grade) != "hard"
    assert made.grade < GRADES["hard"][0]
