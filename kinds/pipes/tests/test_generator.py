import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinds.pipes.engine import (
    EASY,
    LEVELS,
    NORMAL,
    check,
    deduce,
    from_code,
    generate,
    parse_code,
    rotate,
    solve,
    turns_between,
)  # fmt: skip
from kinds.pipes.engine.generator import (
    MIN_SCRAMBLED_SHARE,
    SMALLEST,
    _joins,
    _perturb,
    _swappable_rings,
    spanning_tree,
)
from kinds.pipes.engine.grid import grid
from kinds.pipes.engine.v1 import generate_v1, stored_par
from kinds.pipes.tests.oracles import brute_force_solutions, connection_graph
from kinds.pipes.tests.tatham_oracle import decided
from puzzle.prng import Stream

# Fixed forever: a puzzle code must give the same board on every platform and version
# (of one generator: a new generator version re-pins them; stored puzzles keep theirs).
# Generator pipes/4 (``generate``), and pipes/1 (``generate_v1``), which the schema-1
# upgrade still regenerates old codes with. Then par: pipes/4's the fewest turns either way,
# pipes/1's the clockwise turns it stored (the upgrade checks them).
GOLDEN = {
    "3x3-golden": (
        "4d26728c6",
        "4d1cb8263",
        9,
    ),
    "6x6-abc": (
        "492952277a64d3add4d2776289dd7c2c1312",
        "498c518ebac1e3ae71e1ebc12cbe79432612",
        34,
    ),
    "8x5-d20261122": (
        "428724bccd6d84e444ae7a74776bea88495935a6",
        "884d14d9679e14b288aed571eb6be51826536553",
        37,
    ),
    "10x10-d20261122": (
        (
            "273642c121cb9bc8e7e348447b56e14ca2d6d7388eeaec717c47ea7d33d499b9"
            "ce3ae4acc81ce441aa1ae6624d818aea5a5c"
        ),
        (
            "4d9c149888cb6798ebe322847ba67149a4d3ed984775bcb2e34dd57b69e1c3e9"
            "c79ae1ac322cb228aa45d3614b2245755553"
        ),
        87,
    ),
    "5x7n-free": (
        "4c828673b92e74ca175bdbd8587a9a86294",
        "8c1886bc738eb49a2e5bed71a2e59a43432",
        30,
    ),
    "6x6w-abc": (
        "8aae58dd574181cd82cab6e358d5a3415dc5",
        "455ba2dd5b2422cb88c5b673a47559245d9a",
        31,
    ),
    "8x8e-abc": (
        "2c423aa42bd7935482ed4378a3ddccb19b29dde4cb15a9e61b63e19b2d447222",
        "4988c55147be3c5184be16d1ac779c716b49e7d1cb8aac792e36b2cb47147122",
        68,
    ),
    "8x8h-abc": (
        "24a6cb8458ae7cae9e64d827459de6827b9c79c8a13cdbb1ee84bb52184599a8",
        "8459cd18a457b65b6d98e14b8a67bc12e79c73c1a436dd71ed14be5122453651",
        59,
    ),
    "7x5wh-gold": (
        "dce4d811ce8bc446b91c3739a46e8a74bc8",
        "d9e1e1426b8e988c7326373c51cd45b4d32",
        35,
    ),
}
GOLDEN_V1 = {
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


@pytest.mark.parametrize("code", sorted(GOLDEN_V1))
def test_generator_pipes_1_is_frozen(code):
    tiles, solution, par = GOLDEN_V1[code]
    width, height, seed, unique, _, _ = parse_code(code)
    puzzle = generate_v1(width, height, seed, unique=unique)
    stored = (hexes(puzzle.tiles), hexes(puzzle.solution), stored_par(puzzle))
    assert stored == (tiles, solution, par)
    assert puzzle.par < stored_par(puzzle)


def test_code_round_trip_and_normalised_seed():
    puzzle = generate(8, 5, "Hello World")
    assert puzzle.code == "8x5-hello-world"
    assert from_code(puzzle.code) == puzzle
    assert generate(8, 5, "hello-world") == puzzle
    assert generate(8, 5, "hello-world", unique=False).code == "8x5n-hello-world"
    assert generate(8, 8, "x").tiles != generate(8, 8, "y").tiles


def assert_valid(puzzle):
    w, h, n, wrap = puzzle.width, puzzle.height, puzzle.width * puzzle.height, puzzle.wrap
    assert puzzle.source == (w // 2, h // 2)
    graph = connection_graph(w, h, puzzle.solution, wrap)
    assert nx.is_tree(graph) and graph.number_of_nodes() == n
    # Every pipe end is used: no tile points at the border or at a closed neighbour.
    assert sum(bin(t).count("1") for t in puzzle.solution) == 2 * (n - 1)
    assert all(1 <= bin(t).count("1") <= 3 for t in puzzle.solution)
    assert all(
        s in {rotate(t, k) for k in range(4)}
        for s, t in zip(puzzle.solution, puzzle.tiles, strict=True)
    )
    start = check(w, h, puzzle.tiles, puzzle.source, wrap)
    assert not start.solved and not start.loops
    away = sum(t != s for t, s in zip(puzzle.tiles, puzzle.solution, strict=True))
    assert away >= MIN_SCRAMBLED_SHARE * n
    # Par: each tile turned the short way round, a turn back instead of three forward.
    assert puzzle.par == sum(
        min(k, 4 - k) for k in map(turns_between, puzzle.tiles, puzzle.solution)
    )


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 16),
    st.integers(3, 16),
    st.integers(0, 10**9),
    st.booleans(),
    st.sampled_from(LEVELS),
)
def test_unique_puzzles_are_valid_and_have_one_solution(width, height, seed, wrap, level):
    if wrap and level == "easy":
        with pytest.raises(ValueError, match="cannot be easy"):
            generate(width, height, f"s{seed}", wrap=wrap, level=level)
        return
    puzzle = generate(width, height, f"s{seed}", wrap=wrap, level=level)
    assert_valid(puzzle)
    assert (puzzle.wrap, puzzle.level) == (wrap, level)
    assert solve(width, height, puzzle.tiles, limit=2, wrap=wrap) == [puzzle.solution]


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 40), st.integers(3, 40), st.integers(0, 10**9), st.booleans())
def test_free_puzzles_are_valid(width, height, seed, wrap):
    assert_valid(generate(width, height, f"s{seed}", unique=False, wrap=wrap))


@pytest.mark.parametrize("side", range(3, 41))
def test_unique_at_every_square_size(side):
    for wrap in (False, True):
        puzzle = generate(side, side, "every-size", wrap=wrap)
        assert_valid(puzzle)
        assert solve(side, side, puzzle.tiles, limit=2, wrap=wrap) == [puzzle.solution]


def test_wrapping_puzzles_use_the_wrap():
    # Pipes leave the board and come back on the other side, and the puzzle depends on it.
    crossing = 0
    for k in range(20):
        puzzle = generate(8, 6, f"wrap{k}", wrap=True)
        left = sum(puzzle.solution[y * 8] & 1 for y in range(6))
        top = sum(puzzle.solution[x] >> 1 & 1 for x in range(8))
        crossing += left + top
        # Read as a flat board it is not solved: the wrapped pipes dangle.
        assert not check(8, 6, puzzle.solution, puzzle.source).solved or not left + top
        assert check(8, 6, puzzle.solution, puzzle.source, wrap=True).solved
    assert crossing > 20


def test_levels():
    # Each level needs its own rule tier: easy the easy rules; normal more than those, and the
    # normal rules solve it; hard more than the normal rules, a unique solution all the same.
    for k in range(6):
        easy = generate(10, 10, f"lv{k}", level="easy")
        assert easy_left(easy, EASY) == 0 and 0 <= easy.difficulty < 1
        normal = generate(10, 10, f"lv{k}")
        assert easy_left(normal, EASY) > 0 and easy_left(normal, NORMAL) == 0
        assert 1 <= normal.difficulty < 2
        hard = generate(10, 10, f"lv{k}", level="hard")
        assert easy_left(hard, NORMAL) > 0 and 2 <= hard.difficulty < 3
        assert solve(10, 10, hard.tiles, limit=2) == [hard.solution]
    assert generate(8, 8, "x", level="hard").code == "8x8h-x"
    assert generate(8, 8, "x", level="hard", wrap=True).code == "8x8wh-x"


def easy_left(puzzle, level):
    """Tiles of a puzzle the rules up to ``level`` leave undecided."""
    deduction = deduce(puzzle.width, puzzle.height, puzzle.tiles, level=level, wrap=puzzle.wrap)
    return len(deduction.undecided)


def test_t_cap_never_strands_a_cell():
    # spanning_tree raises if Prim leaves any cell out; run it over many seeds and sizes.
    for k in range(1500):
        width, height = 3 + k % 38, 3 + (k * 7) % 38
        wrap = k % 2 == 1
        tree = spanning_tree(width, height, Stream(f"strand{k}"), wrap)
        assert 15 not in tree and 0 not in tree
        assert nx.is_tree(connection_graph(width, height, tree, wrap))


def test_sizes_are_validated():
    with pytest.raises(ValueError, match="from 3 to 40"):
        generate(2, 8, "x")
    with pytest.raises(ValueError, match="from 3 to 40"):
        generate(41, 8, "x")
    with pytest.raises(ValueError, match="not a usable seed"):
        generate(8, 8, "no/slashes")
    with pytest.raises(ValueError, match="not a level"):
        generate(8, 8, "x", level="brutal")


def test_swappable_rings_are_exactly_the_rings_whose_swap_is_a_second_solution():
    """The generator perturbs, before its first deduction, the rings round small rectangles
    whose linked edges can be swapped for the others with every tile keeping its shape and
    the links still making a tree: a second solution. Checked against every ring of the
    board whose links alternate, with networkx saying whether the swap is a tree."""
    kept: dict[int, int] = {}
    seen: set[int] = set()
    for k in range(60):
        wrap = k % 4 == 0
        tree = spanning_tree(12, 12, Stream(f"swap{k}"), wrap)
        nb = grid(12, 12, wrap).neighbours
        found = _swappable_rings(nb, tree)
        for ring in alternating_rings(nb, tree):
            seen.add(len(ring))
            swapped = list(tree)
            for here, after in zip(ring, ring[1:] + ring[:1], strict=True):
                side = nb[here].index(after)
                swapped[here] ^= 1 << side
                swapped[after] ^= 1 << (side ^ 2)
            shapes = all(
                turns_between(t, u) is not None for t, u in zip(tree, swapped, strict=True)
            )
            second = shapes and nx.is_tree(connection_graph(12, 12, swapped, wrap))
            assert (ring in found) == second
            if second:
                kept[len(ring)] = kept.get(len(ring), 0) + 1
                assert len(solve(12, 12, tree, limit=2, wrap=wrap)) == 2
    # Rings of 8 are seldom a second solution (their swap mostly cuts the centre off).
    assert seen == {4, 6, 8} and kept[4] and kept[6]


def alternating_rings(nb, tree):
    """Every ring round a 2×2, 3×2, 2×3, 3×3, 4×2 or 2×4 rectangle whose edges are linked and
    unlinked in turn, clockwise from its top-left corner (a plain search)."""
    rings = []
    for a in range(len(nb)):
        for w, h in ((2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (2, 4)):
            walk = [2] * (w - 1) + [3] * (h - 1) + [0] * (w - 1) + [1] * (h - 1)
            cells, c = [], a
            for d in walk:
                cells.append(c)
                c = nb[c][d]
                if c < 0:
                    break
            if c != a or len(set(cells)) < len(cells):
                continue
            linked = [tree[x] >> d & 1 for x, d in zip(cells, walk, strict=True)]
            if all(linked[k] != linked[k - 1] for k in range(len(cells))):
                rings.append(cells)
    return rings


def test_a_region_no_link_fits_takes_in_the_cells_around_it():
    """A block of Ts whose free sides face each other admits no new link around or inside
    it (Tatham gives up and grows a new tree); the perturbation then links a cell around it
    and cuts beside them, and the tree stays a tree of tiles without crosses."""
    nb = grid(6, 6).neighbours
    tree = spanning_tree(6, 6, Stream("stuck63"))
    block = [14, 15, 21, 20]  # clockwise
    assert not _joins(nb, tree, block, set(block))
    before = list(tree)
    _perturb(nb, tree, block, Stream("again"))
    changed = {i for i in range(36) if tree[i] != before[i]}
    near = set(block)
    for _ in range(2):  # the cells around the block, and the cells around those
        near |= {j for i in near for j in nb[i] if j >= 0}
    assert changed and changed <= near
    assert nx.is_tree(connection_graph(6, 6, tree)) and 15 not in tree


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 5), st.integers(3, 5), st.integers(0, 10**9), st.booleans())
def test_small_puzzles_have_one_solution_by_the_brute_force_counter(width, height, seed, wrap):
    puzzle = generate(width, height, f"bf{seed}", wrap=wrap)
    assert brute_force_solutions(width, height, puzzle.tiles, wrap) == {puzzle.solution}


def test_tathams_solver_solves_the_easy_and_normal_puzzles_and_stalls_on_the_hard(tatham_solver):
    """Tatham's net_solver, independent of ours, decides every tile of easy and normal
    puzzles up to 20×20 (flat and wrapping): each has exactly one solution; a hard one needs
    more than his rules (the normal ones), so he leaves tiles undecided (on boards big enough
    for hard puzzles: ``SMALLEST``)."""
    boards, expected = [], []
    for k in range(90):
        side = 3 + k % 18
        wrap = k % 3 == 0
        level = ("normal", "hard", "normal" if wrap else "easy")[k % 3]
        puzzle = generate(side, side + k % 2, f"tat{k}", wrap=wrap, level=level)
        if level == "hard" and not wrap and side * (side + k % 2) < SMALLEST["hard"]:
            continue
        boards.append((puzzle.width, puzzle.height, wrap, puzzle.tiles))
        expected.append(0 if level == "hard" else 1)
    answers = decided(tatham_solver, boards)
    assert [result for result, _ in answers] == expected
