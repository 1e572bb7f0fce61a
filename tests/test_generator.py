import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import connection_graph

from puzzle.pipes import check, from_code, generate, rotate, solve, turns_between
from puzzle.pipes.generator import MIN_SCRAMBLED_SHARE, spanning_tree
from puzzle.prng import Rng

# Fixed forever: a puzzle code must give the same board on every platform and version.
GOLDEN = {
    "3x3-golden": ("1c2772236", "8c1eb8263", 16),
    "6x6-abc": ("415314d5d6b381eca8275bde2721eb833592", "845988e5d3e32479a84d577b4b84db436532", 48),
    "8x5-d20261122": (
        "493abea11e94e842cb29d7ec8d4b79e14c4594e8",
        "49c5dd518e34b2886b49ed734b47b6d143453471",
        51,
    ),
    "10x10-d20261122": (
        "28c12ea4c4376c7617b84ce23ad74258d68be9a9a85ec2bd843bba7dd93b2358"
        "ae8ed22ae34dd5b4cebb6175144892c44959",
        "84984d51c16d36d34d7186d165d718a4794dbc53a45792e7186dd57d79cb43a4"
        "5b8eb2457947bae1cdd794ba282261612653",
        157,
    ),
    "5x7n-free": ("9423458ceccdd544cbe62dde88793939126", "c1498a49e36dba843e734d7d18e96963243", 47),
}


def hexes(tiles):
    return "".join(f"{t:x}" for t in tiles)


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_codes(code):
    tiles, solution, par = GOLDEN[code]
    puzzle = from_code(code)
    assert (hexes(puzzle.tiles), hexes(puzzle.solution), puzzle.par) == (tiles, solution, par)
    assert puzzle.code == code


def test_code_round_trip_and_normalised_seed():
    puzzle = generate(8, 5, "Hello World")
    assert puzzle.code == "8x5-hello-world"
    assert from_code(puzzle.code) == puzzle
    assert generate(8, 5, "hello-world") == puzzle
    assert generate(8, 5, "hello-world", unique=False).code == "8x5n-hello-world"
    assert generate(8, 8, "x").tiles != generate(8, 8, "y").tiles


def assert_valid(puzzle):
    w, h, n = puzzle.width, puzzle.height, puzzle.width * puzzle.height
    assert puzzle.source == (w // 2, h // 2)
    graph = connection_graph(w, h, puzzle.solution)
    assert nx.is_tree(graph) and graph.number_of_nodes() == n
    # Every pipe end is used: no tile points at the border or at a closed neighbour.
    assert sum(bin(t).count("1") for t in puzzle.solution) == 2 * (n - 1)
    assert all(1 <= bin(t).count("1") <= 3 for t in puzzle.solution)
    assert all(
        s in {rotate(t, k) for k in range(4)}
        for s, t in zip(puzzle.solution, puzzle.tiles, strict=True)
    )
    start = check(w, h, puzzle.tiles, puzzle.source)
    assert not start.solved and not start.loops
    away = sum(t != s for t, s in zip(puzzle.tiles, puzzle.solution, strict=True))
    assert away >= MIN_SCRAMBLED_SHARE * n
    assert puzzle.par == sum(
        turns_between(t, s) for t, s in zip(puzzle.tiles, puzzle.solution, strict=True)
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 16), st.integers(3, 16), st.integers(0, 10**9))
def test_unique_puzzles_are_valid_and_have_one_solution(width, height, seed):
    puzzle = generate(width, height, f"s{seed}")
    assert_valid(puzzle)
    assert solve(width, height, puzzle.tiles, puzzle.source, limit=2) == [puzzle.solution]


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 26), st.integers(3, 26), st.integers(0, 10**9))
def test_free_puzzles_are_valid(width, height, seed):
    assert_valid(generate(width, height, f"s{seed}", unique=False))


@pytest.mark.parametrize("side", range(3, 27))
def test_unique_at_every_square_size(side):
    puzzle = generate(side, side, "every-size")
    assert_valid(puzzle)
    assert solve(side, side, puzzle.tiles, puzzle.source, limit=2) == [puzzle.solution]


def test_t_cap_never_strands_a_cell():
    # spanning_tree raises if Prim leaves any cell out; run it over many seeds and sizes.
    for k in range(3000):
        width, height = 3 + k % 24, 3 + (k * 7) % 24
        tree = spanning_tree(width, height, Rng(f"strand{k}"))
        assert 15 not in tree and 0 not in tree
        assert nx.is_tree(connection_graph(width, height, tree))


def test_sizes_are_validated():
    with pytest.raises(ValueError, match="from 3 to 26"):
        generate(2, 8, "x")
    with pytest.raises(ValueError, match="not a usable seed"):
        generate(8, 8, "no/slashes")
