"""The Maze kind's data pack, built in a block world (tests/mcworld.py) from the pack's own
zip: every wall and opening against the plan, the start and exit blocks, the exit reachable
on foot, chunks released, Minecraft's limits, and the race from ``maze:start`` to the exit.

The layout the pack promises (``kinds/maze/pack/functions.py``), stated here on its own: run
by a player, the maze's north-west floor block is 2 blocks east and 2 south of the block
they stand in, one block down; cell (x, y) is the 2 × 2 corridor 3x + 1 … 3x + 2 blocks east
and 3y + 1 … 3y + 2 south of it, 3 blocks high; the walls stand between the cells."""

import io
import json
import os
import re
import zipfile
from collections import deque

import pytest
from mcworld import FILL_LIMIT, Failed, World
from PIL import Image, ImageDraw

from kinds.maze.pack import MAX_SIDE, build, check_fits, file_name, functions, install_note
from kinds.maze.tests.mazeplans import DOWN, LEFT, RIGHT, UP, Plan, open_plan, random_plan
from puzzle import KINDS

KIND = KINDS["maze"]

#: Minecraft's default maxCommandChainLength: commands per top-level execution.
LIMIT = 65_536
PITCH, CORRIDOR, HEIGHT = 3, 2, 3
#: Layers above the floor the build clears: ground or trees up to 24 blocks over it go.
CLEARED = 24
AIR = "minecraft:air"
#: (side, dx, dz) of a cell's four sides.
SIDES = ((LEFT, -1, 0), (UP, 0, -1), (RIGHT, 1, 0), (DOWN, 0, 1))

PLANS = {
    "5x5": random_plan(5, 5, "five"),
    "12x7": random_plan(12, 7, "wide"),
    "12x7 loops": random_plan(12, 7, "loops", loops=10),
    "7x12": random_plan(7, 12, "tall"),
    "40x40": random_plan(40, 40, "forty"),
    "6x4 no inner walls": open_plan(6, 4),
    # The maze kind's own mazes, as the bot hands them to the pack.
    "kind 15x15": KIND.load(KIND.generate(KIND.parse_params("15x15"), "pack")),
    "kind 20x9 hard kruskal": KIND.load(KIND.generate(KIND.parse_params("20x9kh"), "pack")),
}


class Built:
    """A plan built by Steve standing at ``where``: the world and the maze's corner."""

    def __init__(self, plan, where=(-37.6, 64.0, 18.2), world=None):
        self.plan = plan
        self.world = world or World.from_zip(build(plan)[1])
        self.world.reload()
        self.world.player("Steve").pos = where
        self.commands = self.world.run("maze:build", "Steve")
        x, y, z = (int(c // 1) for c in where)
        self.corner = (x + 2, y - 1, z + 2)

    def at(self, dx, dy, dz):
        """The block ``dx, dy, dz`` from the corner."""
        x, y, z = self.corner
        return self.world.block((x + dx, y + dy, z + dz))

    def cell_columns(self, cell):
        """(dx, dz) of a cell's four corridor columns."""
        cx, cy = cell % self.plan.width, cell // self.plan.width
        return [(PITCH * cx + 1 + i, PITCH * cy + 1 + j) for j in range(2) for i in range(2)]

    def side_columns(self, cell, dx, dz):
        """(dx, dz) of the two wall-line columns on one side of a cell."""
        cx, cy = cell % self.plan.width, cell // self.plan.width
        if dx:
            x = PITCH * cx + (PITCH if dx > 0 else 0)
            return [(x, PITCH * cy + 1), (x, PITCH * cy + 2)]
        z = PITCH * cy + (PITCH if dz > 0 else 0)
        return [(PITCH * cx + 1, z), (PITCH * cx + 2, z)]

    def passage(self, column):
        """Air from the floor's top up ``HEIGHT`` blocks, on solid floor."""
        dx, dz = column
        return self.at(dx, 0, dz) != AIR and all(
            self.at(dx, dy, dz) == AIR for dy in range(1, HEIGHT + 1)
        )

    def wall(self, column):
        dx, dz = column
        return all(self.at(dx, dy, dz) != AIR for dy in range(1, HEIGHT + 1))


@pytest.fixture(scope="module", params=list(PLANS))
def built(request):
    return Built(PLANS[request.param])


def test_every_cell_side_is_a_wall_or_an_opening_as_planned(built):
    plan = built.plan
    for cell in range(plan.width * plan.height):
        assert all(built.passage(c) for c in built.cell_columns(cell)), cell
        for side, dx, dz in SIDES:
            columns = built.side_columns(cell, dx, dz)
            if plan.sides[cell] & side:
                # An opening: 2 wide (both columns) and 3 high, floor beneath.
                assert all(built.passage(c) for c in columns), (cell, side)
            else:
                assert all(built.wall(c) for c in columns), (cell, side)


def test_posts_stand_and_nothing_is_left_above_the_walls(built):
    plan = built.plan
    for j in range(plan.height + 1):
        for k in range(plan.width + 1):
            assert built.wall((PITCH * k, PITCH * j))
    for dx in range(PITCH * plan.width + 1):
        for dz in range(PITCH * plan.height + 1):
            assert built.at(dx, HEIGHT + 1, dz) == AIR
            assert built.at(dx, 0, dz) != AIR  # the floor is whole


def test_gold_and_emerald_lie_exactly_under_the_start_and_the_exit(built):
    plan = built.plan
    x, y, z = built.corner
    marks = (("minecraft:gold_block", plan.start), ("minecraft:emerald_block", plan.exit))
    for block, cell in marks:
        where = {p for p, b in built.world.blocks.items() if b == block}
        assert where == {(x + dx, y, z + dz) for dx, dz in built.cell_columns(cell)}


def _standable(world, x, y, z):
    return (
        world.block((x, y - 1, z)) != AIR
        and world.block((x, y, z)) == AIR
        and world.block((x, y + 1, z)) == AIR
    )


def walk(world, start, box):
    """Every block a player can stand in from ``start`` (feet), walking, stepping down or
    jumping up one block (with room for the jump), without leaving ``box``."""
    (x0, y0, z0), (x1, y1, z1) = box
    seen, queue = {start}, deque([start])
    while queue:
        x, y, z = queue.popleft()
        for dx, dz in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            for dy in (-1, 0, 1):
                n = (x + dx, y + dy, z + dz)
                if n in seen or not (x0 <= n[0] <= x1 and y0 <= n[1] <= y1 and z0 <= n[2] <= z1):
                    continue
                if dy == 1 and world.block((x, y + 2, z)) != AIR:
                    continue
                if _standable(world, *n):
                    seen.add(n)
                    queue.append(n)
    return seen


def test_the_exit_is_reachable_on_foot_from_where_start_puts_players(built):
    plan, world = built.plan, built.world
    world.run("maze:start", "Steve")
    x, y, z = built.corner
    feet = tuple(int(c // 1) for c in world.player("Steve").pos)
    start = {(x + dx, y + 1, z + dz) for dx, dz in built.cell_columns(plan.start)}
    assert feet in start
    nx, nz = PITCH * plan.width + 1, PITCH * plan.height + 1
    reached = walk(world, feet, ((x - 3, y - 2, z - 3), (x + nx + 2, y + 6, z + nz + 2)))
    exit_ = {(x + dx, y + 1, z + dz) for dx, dz in built.cell_columns(plan.exit)}
    assert exit_ <= reached
    # Nobody walks out of the maze: every block reached is inside its outer walls.
    assert all(x < p[0] < x + nx - 1 and z < p[2] < z + nz - 1 and p[1] == y + 1 for p in reached)


def test_fills_stay_within_the_limit_and_collinear_walls_are_merged(built):
    world, plan = built.world, built.plan
    assert built.commands < LIMIT
    assert max(volume for *_, volume in world.fills) <= FILL_LIMIT
    blocks = [block for block, *_ in world.fills]
    assert set(blocks) <= {
        AIR, "minecraft:smooth_stone", "minecraft:gold_block", "minecraft:emerald_block",
        "minecraft:stone_bricks",
    }  # fmt: skip
    nx, nz = PITCH * plan.width + 1, PITCH * plan.height + 1
    floor = [v for b, *_, v in world.fills if b == "minecraft:smooth_stone"]
    assert sum(floor) == nx * nz and len(floor) == -(-nx * nz // FILL_LIMIT)
    walls = [(low, high) for b, low, high, _ in world.fills if b == "minecraft:stone_bricks"]
    assert all(high[1] - low[1] == HEIGHT - 1 for low, high in walls)
    for k, (a_low, a_high) in enumerate(walls):
        for b_low, b_high in walls[k + 1 :]:
            for axis, across in ((0, 2), (2, 0)):
                along_a = a_low[across] == a_high[across]  # a line along ``axis``
                same_line = a_low[across] == b_low[across] == b_high[across] == a_high[across]
                if along_a and same_line and a_low[axis] != a_high[axis]:
                    # Two runs on one line never touch: they would be one fill.
                    touch = a_low[axis] <= b_high[axis] + 1 and b_low[axis] <= a_high[axis] + 1
                    assert not touch, (a_low, a_high, b_low, b_high)
    closed = sum(1 for mask in plan.sides for side, _, _ in SIDES if not mask & side)
    assert len(walls) < closed  # far fewer fills than wall pieces


def test_forceload_is_released_after_the_build(built):
    assert built.world.forced == set()


def test_a_forty_by_forty_build_needs_its_forceload():
    # The model loads 2 chunks round a player: without ``forceload`` the far side of a
    # 40×40 maze (121 blocks) is out of reach, so the fills would fail.
    plan = PLANS["40x40"]
    files = functions(plan)
    files["place"] = [line for line in files["place"] if "forceload" not in line]
    world = World(files, {"load": ["maze:load"]})
    world.reload()
    with pytest.raises(Failed, match="not loaded"):
        world.run("maze:build", "Steve")


def test_chunks_forced_before_stay_forced():
    plan = PLANS["40x40"]
    world = World.from_zip(build(plan)[1])
    # Chunks inside the area (another pack's) and outside it.
    world.forced |= {(0, 2), (3, 4), (-20, -20)}
    built = Built(plan, where=(0.5, 64.0, 0.5), world=world)
    assert built.world.forced == {(0, 2), (3, 4), (-20, -20)}


def test_rebuilding_over_anything_gives_the_same_maze():
    plan = PLANS["12x7 loops"]
    clean = Built(plan, where=(100.2, 70.0, -5.9))
    world = World.from_zip(build(plan)[1])
    x, y, z = clean.corner
    junk = ["minecraft:oak_log", "minecraft:water", "minecraft:stone_bricks", "minecraft:air"]
    for k in range(6000):  # a messy place: trees, water, stone, holes in the ground, and above
        spot = (x + k * 7 % 37, y + k % (CLEARED + 4), z + k * 5 % 22)
        world.blocks[spot] = junk[k % 4]
    over = {p: block for p, block in world.blocks.items() if p[1] > y + CLEARED}
    again = Built(plan, where=(100.2, 70.0, -5.9), world=world)
    area = [
        (x + dx, y + dy, z + dz)
        for dx in range(PITCH * plan.width + 1)
        for dy in range(CLEARED + 1)
        for dz in range(PITCH * plan.height + 1)
    ]
    assert [again.world.block(p) for p in area] == [clean.world.block(p) for p in area]
    assert len(over) > 600 and all(again.world.block(p) == block for p, block in over.items())
    before = dict(clean.world.blocks)
    clean.world.run("maze:build", "Steve")  # built again where it stands: nothing changes
    assert clean.world.blocks == before


def test_built_into_a_hillside_the_sky_stays_open():
    """Solid ground up to well over the walls: every corridor is open up to 24 blocks over
    the floor, so no roofed tunnel is left (the ground higher still stays)."""
    plan = PLANS["5x5"]
    world = World.from_zip(build(plan)[1])
    x, y, z = -38 + 2, 64 - 1, 18 + 2  # the corner where Steve builds, from (-37.6, 64, 18.2)
    side_x, side_z = PITCH * plan.width + 1, PITCH * plan.height + 1
    for dx in range(side_x):
        for dy in range(CLEARED + 6):
            for dz in range(side_z):
                world.blocks[x + dx, y + dy, z + dz] = "minecraft:stone"
    built = Built(plan, world=world)
    assert built.corner == (x, y, z)
    for dx in range(side_x):
        for dz in range(side_z):
            top = [built.at(dx, dy, dz) for dy in range(HEIGHT + 1, CLEARED + 1)]
            assert top == [AIR] * len(top) and built.at(dx, CLEARED + 1, dz) == "minecraft:stone"
    for cell in range(plan.width * plan.height):
        assert all(built.passage(c) for c in built.cell_columns(cell))


def test_start_races_everyone_to_the_exit_and_times_each_once():
    plan = PLANS["12x7"]
    world = World.from_zip(build(plan)[1], players=("Steve", "Alex"))
    built = Built(plan, where=(8.3, 64.0, 8.3), world=world)
    x, y, z = built.corner
    world.gametime = 5000
    world.run("maze:start", "Alex")
    cx, cy = plan.start % plan.width, plan.start // plan.width
    middle = (x + PITCH * cx + 2.0, y + 1.0, z + PITCH * cy + 2.0)
    for name in ("Steve", "Alex"):
        player = world.player(name)
        assert player.pos == middle  # the middle of the start cell, on the gold
        # Facing the start's open side (yaw 0 south, 90 west, 180 north, -90 east).
        yaw = {RIGHT: -90.0, DOWN: 0.0, LEFT: 90.0, UP: 180.0}
        assert plan.sides[plan.start] & next(s for s, v in yaw.items() if v == player.rotation[0])
    heard = len(world.chat)
    ex, ey = plan.exit % plan.width, plan.exit // plan.width
    exit_middle = (x + PITCH * ex + 2.0, y + 1.0, z + PITCH * ey + 2.0)
    _, dx, dz = next(s for s in SIDES if plan.sides[plan.exit] & s[0])
    beside = (exit_middle[0] + 1.8 * dx, y + 1.0, exit_middle[2] + 1.8 * dz)
    for _ in range(30):
        world.tick()
    world.player("Alex").pos = beside  # in the opening next to the exit: not there yet
    world.tick()
    assert len(world.chat) == heard
    world.player("Steve").pos = exit_middle
    for _ in range(17):
        world.tick()  # Steve is there on the 32nd tick after the start: 1.6 s
        world.player("Steve").pos = (exit_middle[0] + 0.4, y + 1.0, exit_middle[2] - 0.4)
    assert world.gametime == 5000 + 48
    assert world.chat[heard:] == [
        ("Steve", "Steve reached the exit in 1.6 s"),
        ("Alex", "Steve reached the exit in 1.6 s"),
    ]
    world.player("Alex").pos = (exit_middle[0] - 0.9, y + 1.0, exit_middle[2] + 0.9)
    for _ in range(200):
        world.tick()  # Alex is there on the 49th tick: 2.45 s, said in tenths
    assert [text for _, text in world.chat[heard + 2 :]] == ["Alex reached the exit in 2.4 s"] * 2
    # Starting again races everyone again, timed from the new start.
    world.run("maze:start", "Steve")
    world.player("Steve").pos = exit_middle
    world.tick()
    assert world.chat[-1] == ("Alex", "Steve reached the exit in 0.0 s")
    assert "maze.walking" in world.player("Alex").tags


def test_start_asks_for_this_maze_to_be_built_first():
    plan, other = PLANS["5x5"], PLANS["12x7"]
    world = World.from_zip(build(plan)[1])
    world.reload()
    world.run("maze:start", "Steve")
    assert world.chat[-1] == ("Steve", "Build maze 5x5-five first: /function maze:build")
    assert world.player("Steve").tags == set()
    # Another day's maze built here does not count for this one.
    world.functions.update({f"other/{k}": v for k, v in functions(other).items()})
    world.functions["other/build"] = [
        "execute align xyz positioned ~2 ~-1 ~2 run function maze:other/place"
    ]
    world.functions["other/place"] = [
        line.replace("maze:remember", "maze:other/remember") for line in functions(other)["place"]
    ]
    world.run("maze:other/build", "Steve")
    world.run("maze:start", "Steve")
    assert world.chat[-1] == ("Steve", "Build maze 5x5-five first: /function maze:build")
    world.run("maze:build", "Steve")
    world.run("maze:start", "Steve")
    assert world.player("Steve").tags == {"maze.walking"}


def test_builds_from_the_console_at_the_world_spawn():
    plan = PLANS["5x5"]
    world = World.from_zip(build(plan)[1])
    world.reload()
    world.run("maze:build")  # the server: at the spawn (0.5, 64, 0.5)
    assert world.storage["maze:origin"] == {"x": 2, "y": 63, "z": 2, "code": plan.code}
    assert world.block((2, 63, 2)) == "minecraft:smooth_stone"
    assert [e for e in world.entities if not e.is_player] == []  # the marker is gone


def unzip(blob):
    archive = zipfile.ZipFile(io.BytesIO(blob))
    return {name: archive.read(name) for name in archive.namelist()}


def test_the_zip_its_name_and_its_pack_formats():
    plan = PLANS["12x7"]
    name, blob = build(plan)
    assert name == file_name(plan) == "maze-12x7-wide-datapack.zip"
    assert build(plan) == (name, blob)  # byte-identical
    files = unzip(blob)
    meta = json.loads(files["pack.mcmeta"])["pack"]
    # 1.21.6 is data pack format 80 and 1.21.11 is 94.1: both ways of saying so are there.
    assert (meta["pack_format"], meta["min_format"], meta["max_format"]) == (80, 80, [94, 1])
    assert meta["supported_formats"] == [80, 94]
    assert "1.21.6–1.21.11" in meta["description"] and plan.code in meta["description"]
    assert json.loads(files["data/minecraft/tags/function/load.json"]) == {"values": ["maze:load"]}
    assert json.loads(files["data/minecraft/tags/function/tick.json"]) == {"values": ["maze:tick"]}
    assert {n for n in files if n.endswith(".mcfunction")} == {
        f"data/maze/function/{f}.mcfunction" for f in functions(plan)
    }
    note = install_note(plan)
    assert name in note and "/function maze:build" in note and "37×22 blocks" in note
    assert "1.21.6 – 1.21.11" in note and len(note) < 1000
    assert f"up to {CLEARED} blocks above its floor is cleared" in note


SAMPLES = {"x": "-36", "y": "63", "z": "20"}


@pytest.fixture(scope="module")
def mecha():
    from mecha import Mecha

    return Mecha(version="1.21")


@pytest.mark.parametrize("key", ["5x5", "12x7 loops", "40x40"])
def test_every_function_is_valid_for_mecha(mecha, key):
    for name, lines in functions(PLANS[key]).items():
        source = [
            re.sub(r"\$\((\w+)\)", lambda m: SAMPLES[m.group(1)], line[1:])
            if line.startswith("$")
            else line
            for line in lines
        ]
        try:
            mecha.parse("\n".join(source) + "\n")
        except Exception as error:
            raise AssertionError(f"maze:{name} does not parse: {error}") from error


def test_check_fits_refuses_what_cannot_be_built():
    with pytest.raises(ValueError, match=r"go up to 80×80 cells: a 81×10 maze"):
        check_fits(random_plan(81, 10, "big"))
    plan = PLANS["5x5"]
    broken = [
        Plan(5, 5, plan.sides, plan.start, plan.start, "same"),
        Plan(5, 5, plan.sides[:-1], plan.start, plan.exit, "short"),
        Plan(5, 5, (plan.sides[0] | LEFT, *plan.sides[1:]), plan.start, plan.exit, "border"),
        Plan(5, 5, (plan.sides[0] ^ RIGHT, *plan.sides[1:]), plan.start, plan.exit, "half"),
        Plan(5, 5, plan.sides, 25, plan.exit, "outside"),
    ]
    for bad in broken:
        with pytest.raises(ValueError, match=r"^This maze cannot be built in Minecraft: .*\.$"):
            build(bad)


@pytest.mark.parametrize("plan", [random_plan(MAX_SIDE, MAX_SIDE, "edge"), open_plan(80, 80)])
def test_the_largest_mazes_stay_within_the_limits(plan):
    built = Built(plan)
    assert built.commands < LIMIT
    assert max(volume for *_, volume in built.world.fills) <= FILL_LIMIT
    assert built.world.forced == set()
    for cell in (plan.start, plan.exit, plan.width * plan.height - 1):
        assert all(built.passage(c) for c in built.cell_columns(cell))


#: The colour of each block seen from above (the README's picture of a build).
TOP_COLOURS = {
    "minecraft:stone_bricks": (118, 118, 118),
    "minecraft:smooth_stone": (214, 214, 214),
    "minecraft:gold_block": (246, 208, 61),
    "minecraft:emerald_block": (23, 221, 98),
}


def test_seen_from_above_the_build_is_the_maze(tmp_path):
    """The blocks of a kind's maze seen from above, 6 px a block: walls exactly where the
    build has them (saved as the README's picture with MAZE_BUILD_PICTURE)."""
    built = Built(PLANS["kind 15x15"])
    plan, pixel = built.plan, 6
    side_x, side_z = PITCH * plan.width + 1, PITCH * plan.height + 1
    image = Image.new("RGB", (side_x * pixel, side_z * pixel))
    for dx in range(side_x):
        for dz in range(side_z):
            top = next(
                built.at(dx, dy, dz) for dy in range(HEIGHT, -1, -1) if built.at(dx, dy, dz) != AIR
            )
            assert (top == "minecraft:stone_bricks") == built.wall((dx, dz))
            box = (dx * pixel, dz * pixel, dx * pixel + pixel - 1, dz * pixel + pixel - 1)
            ImageDraw.Draw(image).rectangle(box, fill=TOP_COLOURS[top])
    colours = {colour for _, colour in image.getcolors(1 << 16)}
    assert colours == set(TOP_COLOURS.values())
    image.save(os.environ.get("MAZE_BUILD_PICTURE") or tmp_path / "build.png")
