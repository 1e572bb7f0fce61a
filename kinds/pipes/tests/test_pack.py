import io
import json
import random
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcinterp import CommandError, Interpreter, Unsupported, parse_snbt
from PIL import Image

from datapack.formats import DATA_MAX, DATA_MIN, RESOURCE_MAX, RESOURCE_MIN
from datapack.snbt import dumps, quote
from kinds.pipes.engine import cell_name, check, from_code, generate, rotate, turns_between
from kinds.pipes.pack import build, file_names
from kinds.pipes.pack.dialog import (
    BUTTON_HEIGHT,
    CHAR_PX,
    GAP,
    SCREEN,
    SCROLL_BAR,
    STATUS_WIDTH,
    layout,
)  # fmt: skip
from kinds.pipes.pack.functions import functions
from kinds.pipes.pack.resourcepack import FIRST_GLYPH, GLYPH
from kinds.pipes.picture import tile_glyphs
from kinds.pipes.tests.packkit import LIMIT, budget, near_solved, set_tiles, started

STATE = {0: "idle", 1: "flooded", 2: "loop"}


def storage_tiles(machine, puzzle):
    """(tiles, flooded, loops) as the pack's storage holds them (column-major grid)."""
    grid = machine.storage["pipes:game"]["grid"]
    tiles, flooded, loops = [], set(), set()
    for y in range(puzzle.height):
        for x in range(puzzle.width):
            tile = grid[x][y]
            assert (tile["x"], tile["y"], tile["index"]) == (x, y, y * puzzle.width + x + 1)
            i = y * puzzle.width + x
            tiles.append(sum(int(b) << d for d, b in enumerate(tile["side"])))
            flooded |= {i} if tile["state"] == 1 else set()
            loops |= {i} if tile["state"] == 2 else set()
    return tiles, flooded, loops


def dialog_board(machine, puzzle):
    """(mask, font, trigger value) per tile, read back from the last dialog shown: one
    button per tile, row-major, ``columns`` to a row."""
    _, shown = machine.shown[-1]
    assert shown["type"] == "minecraft:multi_action"
    assert shown["columns"] == puzzle.width and shown["after_action"] == "close"
    buttons = shown["actions"]
    assert len(buttons) == puzzle.width * puzzle.height
    out = []
    for k, b in enumerate(buttons):
        assert b["action"]["type"] == "run_command"
        assert b["width"] == layout(puzzle.width).button
        assert b["tooltip"]["text"] == cell_name(k % puzzle.width, k // puzzle.width)
        out.append(
            (
                ord(b["label"]["text"]) - FIRST_GLYPH,
                b["label"]["font"].split(":")[1],
                int(b["action"]["command"].rsplit(" ", 1)[1]),
            )
        )
    return out


def assert_same_as_engine(machine, puzzle, tiles):
    result = check(puzzle.width, puzzle.height, tiles, puzzle.source, puzzle.wrap)
    stored, flooded, loops = storage_tiles(machine, puzzle)
    assert stored == tiles
    # The checker's loop tiles are flooded or not; the pack shows a loop tile as a loop.
    assert loops == set(result.loops)
    assert flooded == set(result.flooded) - set(result.loops)
    assert machine.scores["#solved", "pipes.var"] == int(result.solved)
    src = puzzle.source[1] * puzzle.width + puzzle.source[0]
    for i, (mask, font, index) in enumerate(dialog_board(machine, puzzle)):
        assert (mask, index) == (tiles[i], i + 1)
        wanted = (
            "loop"
            if i in result.loops
            else ("source" if i == src else "flooded")
            if i in result.flooded
            else "idle"
        )
        assert font == wanted


def click(machine, index):
    machine.scores["Steve", "pipes.click"] = index
    machine.function("pipes:tick")
    assert machine.scores["Steve", "pipes.click"] == 0  # re-armed for the next click


@pytest.mark.parametrize("code", ["3x3-a", "5x4-b", "8x8-d20261122", "6x9n-c", "6x5w-d", "7x7wh-e"])
def test_pack_agrees_with_the_engine_over_random_clicks(code):
    puzzle = from_code(code)
    machine = started(puzzle)
    tiles = list(puzzle.tiles)
    assert_same_as_engine(machine, puzzle, tiles)
    rng = random.Random(code)
    for _ in range(40):
        i = rng.randrange(len(tiles))
        click(machine, i + 1)
        tiles[i] = rotate(tiles[i])
        if check(puzzle.width, puzzle.height, tiles, puzzle.source, puzzle.wrap).solved:
            break
        assert_same_as_engine(machine, puzzle, tiles)


def test_a_wrapping_pack_joins_pipes_across_the_border():
    # The solved wrapping board is solved in the pack too: its pipes that leave one side
    # must meet the other side, as the engine's checker has it.
    puzzle = from_code("6x5w-d")
    assert any(puzzle.solution[y * 6] & 1 for y in range(5))  # a pipe crosses the border
    machine = started(puzzle)
    tiles = list(puzzle.tiles)
    for i, (tile, goal) in enumerate(zip(puzzle.tiles, puzzle.solution, strict=True)):
        for _ in range(turns_between(tile, goal)):
            click(machine, i + 1)
            tiles[i] = rotate(tiles[i])
    assert tiles == list(puzzle.solution)
    assert machine.scores["#solved", "pipes.var"] == 1


def _bend_block(puzzle):
    """A 2x2 block of bends away from the source (they can be turned into a ring)."""
    w = puzzle.width
    src = puzzle.source[1] * w + puzzle.source[0]
    for y in range(puzzle.height - 1):
        for x in range(w - 1):
            block = [y * w + x, y * w + x + 1, (y + 1) * w + x, (y + 1) * w + x + 1]
            if src not in block and all(puzzle.tiles[i] in (3, 6, 9, 12) for i in block):
                return block
    return None


def test_loops_are_found_outside_the_water_too():
    puzzle, block = next(
        (p, b) for k in range(200) if (b := _bend_block(p := generate(6, 6, f"loops{k}")))
    )
    machine = started(puzzle)
    tiles = list(puzzle.tiles)
    # Turn a 2x2 block of bends into a ring and the rest towards the solution.
    ring = dict(zip(block, (12, 9, 6, 3), strict=True))
    for i in range(36):
        target = ring.get(i, puzzle.solution[i])
        for _ in range(turns_between(tiles[i], target) or 0):
            click(machine, i + 1)
            tiles[i] = rotate(tiles[i])
    result = check(6, 6, tiles, puzzle.source)
    assert set(block) <= set(result.loops)
    assert_same_as_engine(machine, puzzle, tiles)


def test_solving_announces_the_win_and_ignores_further_clicks():
    puzzle = from_code("5x5-win")
    machine = started(puzzle)
    turns = 0
    for i, (tile, target) in enumerate(zip(puzzle.tiles, puzzle.solution, strict=True)):
        for _ in range(turns_between(tile, target)):
            click(machine, i + 1)
            turns += 1
    assert machine.scores["#solved", "pipes.var"] == 1
    # The pack turns tiles clockwise only: it counts more than par, which turns some back.
    assert machine.scores["#turns", "pipes.var"] == turns > puzzle.par
    _, win = machine.said[-1]
    assert "solved Pipes " in json.dumps(win)
    before = storage_tiles(machine, puzzle)[0]
    click(machine, 1)
    assert storage_tiles(machine, puzzle)[0] == before
    click(machine, 999)  # a forged trigger value changes nothing either


def test_out_of_range_clicks_change_nothing_and_reopen_the_board():
    puzzle = from_code("4x4-range")
    machine = started(puzzle)
    for value in (17, 1000, -1):
        shown = len(machine.shown)
        machine.scores["Steve", "pipes.click"] = value
        machine.function("pipes:tick")
        assert len(machine.shown) == shown + 1  # e.g. /trigger pipes.click set -1
        assert machine.scores["Steve", "pipes.click"] == 0
    assert storage_tiles(machine, puzzle)[0] == list(puzzle.tiles)
    assert machine.scores["#turns", "pipes.var"] == 0


def test_late_joiners_can_click():
    puzzle = from_code("4x4-late")
    machine = started(puzzle)
    machine.players.append("Alex")
    machine.function("pipes:tick")
    assert ("Alex", "pipes.click") in machine.scores
    machine.scores["Alex", "pipes.click"] = 1
    machine.function("pipes:tick")
    assert machine.shown[-1][0] == "Alex"
    assert storage_tiles(machine, puzzle)[0][0] == rotate(puzzle.tiles[0])


@settings(max_examples=12, deadline=None)
@given(st.integers(3, 7), st.integers(3, 7), st.integers(0, 10**6), st.data())
def test_pack_agrees_with_the_engine_on_random_puzzles(width, height, seed, data):
    puzzle = generate(width, height, f"h{seed}", unique=seed % 2 == 0)
    machine = started(puzzle)
    tiles = list(puzzle.tiles)
    clicks = data.draw(st.lists(st.integers(0, width * height - 1), max_size=25))
    for i in clicks:
        if check(width, height, tiles, puzzle.source).solved:
            break
        click(machine, i + 1)
        tiles[i] = rotate(tiles[i])
        assert_same_as_engine(machine, puzzle, tiles)


def test_interpreter_refuses_what_it_does_not_implement():
    machine = Interpreter(
        {"f": ["say hello"], "g": ["$say $(x)"], "h": ["scoreboard players frobnicate #a x 1"]}
    )
    with pytest.raises(Unsupported):
        machine.function("pipes:f")
    with pytest.raises(CommandError):
        machine.function("pipes:g")  # a macro line needs arguments
    with pytest.raises(Unsupported):
        machine.function("pipes:h")


def test_snbt_round_trip_and_escaping():
    value = {"a": [1, 2], "s": 'say "hi" \\ there', "b": parse_snbt("[B;1b,0b]")[0]}
    assert parse_snbt(dumps(value))[0] == value
    assert quote('x" run kill @a') == '"x\\" run kill @a"'
    assert parse_snbt(quote('x"\\y\n'))[0] == 'x"\\y\n'


def test_zips_contents_and_formats():
    puzzle = from_code("8x8-d20261122")
    data, resources = build(puzzle)
    assert build(puzzle) == (data, resources)  # byte-identical
    files = unzip(data)
    assert "data/pipes/function/check.mcfunction" in files
    assert json.loads(files["data/minecraft/tags/function/tick.json"]) == {"values": ["pipes:tick"]}
    tick = files["data/pipes/function/tick.mcfunction"].decode()
    assert "function pipes:next" in tick
    load = files["data/pipes/function/load.mcfunction"].decode()
    assert "Minecraft 1.21.6–1.21.11" in load  # the pack says which versions it supports
    assert "1.21.6–1.21.11" in json.loads(files["pack.mcmeta"])["pack"]["description"]
    meta = json.loads(files["pack.mcmeta"])["pack"]
    assert (meta["pack_format"], meta["min_format"], meta["max_format"]) == (80, 80, [94, 1])
    assert meta["supported_formats"] == [80, 94]
    rmeta = json.loads(unzip(resources)["pack.mcmeta"])["pack"]
    assert (rmeta["pack_format"], rmeta["min_format"], rmeta["max_format"]) == (63, 63, 75)
    assert rmeta["supported_formats"] == [63, 75]
    assert (DATA_MIN, DATA_MAX, RESOURCE_MIN, RESOURCE_MAX) == (80, (94, 1), 63, 75)
    assert file_names(puzzle) == (
        "pipes-8x8-d20261122-datapack.zip",
        "pipes-8x8-d20261122-resourcepack.zip",
    )


def unzip(blob):
    archive = zipfile.ZipFile(io.BytesIO(blob))
    return {name: archive.read(name) for name in archive.namelist()}


@pytest.mark.parametrize("code", ["3x3-a", "20x20-b", "26x26-c"])
def test_fonts_follow_the_bitmap_rules_and_use_the_renderer_glyphs(code):
    puzzle = from_code(code)
    files = unzip(build(puzzle)[1])
    glyphs = tile_glyphs(GLYPH)
    fit = layout(puzzle.width)
    for state in ("idle", "flooded", "loop", "source"):
        font = json.loads(files[f"assets/pipes/font/{state}.json"])
        (bitmap,) = font["providers"]
        assert (bitmap["height"], bitmap["ascent"]) == (fit.glyph, fit.ascent)
        assert bitmap["ascent"] <= bitmap["height"] <= 16
        assert len({len(row) for row in bitmap["chars"]}) == 1
        sheet = Image.open(io.BytesIO(files[f"assets/pipes/textures/font/{state}.png"]))
        assert sheet.size == (GLYPH * len(bitmap["chars"][0]), GLYPH * len(bitmap["chars"]))
        for mask in range(1, 15):
            tile = sheet.crop((mask * GLYPH, 0, (mask + 1) * GLYPH, GLYPH))
            assert tile.tobytes() == glyphs[(mask, state)].tobytes()


def test_text_components_use_the_new_snake_case_keys():
    text = "\n".join(
        v.decode()
        for k, v in unzip(build(from_code("4x4-k"))[0]).items()
        if k.endswith(".mcfunction")
    )
    assert '"run_command"' in text and "exit_action" in text and "after_action" in text
    for old in ("clickEvent", "hoverEvent", '"value":', "afterAction", "exitAction"):
        assert old not in text


SAMPLES = {
    "x": "3",
    "y": "2",
    "i": "7",
    "j": "8",
    "m": "5",
    "n": "9",
    "code": "8x8-d20261122",
    "columns": "8",
    "flooded": "12",
    "total": "64",
    "loops": "0",
    "turns": "3",
    "buttons": '[{label:{text:"\ue005",font:"pipes:idle"},tooltip:{text:"A1"},width:24,'
    'action:{type:"run_command",command:"trigger pipes.click set 1"}}]',
}


@pytest.fixture(scope="module")
def mecha():
    from mecha import Mecha

    return Mecha(version="1.21")


@pytest.mark.parametrize("code", ["3x3-a", "8x5-d20261122", "20x20-d20261122"])
def test_every_function_is_valid_for_mecha(mecha, code):
    import re

    for name, lines in functions(from_code(code)).items():
        source = []
        for line in lines:
            if line.startswith("$"):
                line = re.sub(r"\$\((\w+)\)", lambda m: SAMPLES[m.group(1)], line[1:])
            source.append(line)
        try:
            mecha.parse("\n".join(source) + "\n")
        except Exception as error:
            raise AssertionError(f"pipes:{name} does not parse: {error}") from error


def test_mecha_catches_a_syntax_error(mecha):
    with pytest.raises(Exception, match="error"):
        mecha.parse("scoreboard players set #a pipes.var\n")


@pytest.mark.parametrize("size", [3, 7, 12, 20])
def test_zips_build_from_3x3_to_20x20(size):
    data, resources = build(generate(size, size, "sizes"))
    assert zipfile.ZipFile(io.BytesIO(data)).testzip() is None
    assert zipfile.ZipFile(io.BytesIO(resources)).testzip() is None


def glyph_top(fit, row):
    """(top, bottom) of a row's glyphs from the grid's top, by the client's rules: a label's
    line starts 6 px into its 20 px button, a bitmap glyph's top at line top + 7 - ascent."""
    top = row * (BUTTON_HEIGHT + GAP) + 6 + 7 - fit.ascent
    return top, top + fit.glyph


@pytest.mark.parametrize("columns", range(3, 41))
def test_the_dialog_layout_fits_and_puts_each_glyph_in_its_button(columns):
    fit = layout(columns)
    assert fit.row_width + SCROLL_BAR <= SCREEN  # 1920×1080 at the automatic GUI scale
    # The glyph and its 1 px advance fit inside the label margins, so nothing scrolls.
    assert fit.glyph + 1 <= fit.button - 4 and fit.glyph % 2 == 0 and fit.glyph >= 4
    for row in range(3):
        top, bottom = glyph_top(fit, row)
        button = row * (BUTTON_HEIGHT + GAP)
        # Centred in its own button: rows never overlap, a click lands on the tile seen.
        assert top - button == button + BUTTON_HEIGHT - bottom
        assert button <= top and bottom <= button + BUTTON_HEIGHT


def test_the_status_line_fits_one_line():
    puzzle = from_code("26x26-s")
    machine = started(puzzle)
    _, shown = machine.shown[-1]
    (status,) = shown["body"]
    assert status["width"] == STATUS_WIDTH
    longest = status["contents"].replace("0/676", "676/676").replace("turns 0", "turns 99999")
    assert len(longest) * CHAR_PX <= STATUS_WIDTH
    assert shown["exit_action"]["label"] == "Close" and "action" not in shown["exit_action"]


@pytest.mark.parametrize("side", [6, 20, 26])
def test_every_execution_stays_within_the_command_budget(side):
    """One click, a tick in which 8 players click at once, and pipes:start with 10 players
    each stay under Minecraft's 65,536 commands per execution, on a near-solved board (the
    longest check)."""
    costs = budget(from_code(f"{side}x{side}-budget"))
    assert max(costs.click, costs.busy_tick, costs.start) < LIMIT


def test_clicks_at_once_are_handled_one_per_tick_oldest_first_and_none_is_lost():
    puzzle = from_code("6x6-queue")
    machine = started(puzzle, players=8)
    tiles = list(puzzle.tiles)
    assert {player for player, _ in machine.shown} == set(machine.players)  # start shows all
    for k, player in enumerate(machine.players):
        machine.scores[player, "pipes.click"] = k + 1
    for k, player in enumerate(machine.players):
        shown = len(machine.shown)
        machine.function("pipes:tick")
        tiles[k] = rotate(tiles[k])
        assert machine.shown[shown:] == machine.shown[shown:][:1]  # one click handled
        assert machine.shown[-1][0] == player  # in the order they came
        assert storage_tiles(machine, puzzle)[0] == tiles
    machine.function("pipes:tick")
    assert storage_tiles(machine, puzzle)[0] == tiles  # nothing left, nothing doubled
    assert machine.scores["#turns", "pipes.var"] == 8


def test_loops_cost_no_more_than_the_budget():
    puzzle, block = next(
        (p, b) for k in range(400) if (b := _bend_block(p := generate(26, 26, f"lb{k}")))
    )
    machine = started(puzzle)
    tiles = near_solved(puzzle)
    for i, ring in zip(block, (12, 9, 6, 3), strict=True):
        tiles[i] = ring
    set_tiles(machine, puzzle, tiles)
    assert set(block) <= set(check(26, 26, tiles, puzzle.source).loops)
    machine.scores["Steve", "pipes.click"] = 1
    before = machine.commands
    machine.function("pipes:tick")
    assert machine.commands - before < LIMIT


def test_starting_again_drops_waiting_clicks():
    puzzle = from_code("5x5-again")
    machine = started(puzzle, players=3)
    machine.scores["P1", "pipes.click"] = 4
    machine.scores["P2", "pipes.click"] = 5
    machine.function("pipes:tick")  # P1's click handled, P2's waits with a ticket
    machine.function("pipes:start")
    machine.function("pipes:tick")
    assert storage_tiles(machine, puzzle)[0] == list(puzzle.tiles)  # a fresh board
    assert machine.scores["#turns", "pipes.var"] == 0
    assert all(machine.scores[p, "pipes.click"] == 0 for p in machine.players)  # re-enabled


def test_packs_stop_where_the_command_limit_would_be_passed():
    with pytest.raises(ValueError, match="Minecraft packs go up to 26×26 tiles"):
        build(generate(27, 10, "big"))
    assert build(generate(26, 26, "edge"))  # the largest still fits (see the budget test)
