"""The data pack's functions for one puzzle, following the seed design.

The grid lives in command storage as in the seed: ``pipes:game grid[x][y]`` (column-major),
each tile ``{side:[B;l,u,r,d], source, state, x, y, index}`` with ``index = x + y*w + 1`` and
``state`` 0b idle, 1b flooded, 2b loop. A click is ``/trigger pipes.click set <index>``.

Faster than the seed (whose ``grid[][{index:N}]`` look-ups and whole-grid copies make 20×20
slow): the per-puzzle parts are generated *unrolled* — every cell's side bits are mirrored
in scores, the check reads scores only, each cell has its own DFS function with its
neighbours baked in, and storage is written once per cell per check. Macros are used only
where a value is dynamic (the clicked cell, popping the Tarjan stack, the dialog).

The board is a dialog of one button per tile (``dialog.py`` has the layout rules). Its
buttons live in storage (``pipes:ui buttons``) and change only where the game changes: the
turned tile's glyph on a click, every tile's font (idle, flooded, loop) after a check; so
showing the board is one command for any number of players.

The command budget: Minecraft runs at most 65,536 commands per top-level execution (one
tick-tag function, one typed command). A check costs about 70 commands per tile, so the tick
handles one click per tick, oldest first (a ticket queue); a player whose click waits cannot
trigger again until it is handled, so no click is lost, and their dialog closes on clicking.
"""

from __future__ import annotations

from datapack.formats import GAME_VERSIONS
from datapack.snbt import Byte, ByteArray, dumps, quote
from kinds.pipes.engine import Puzzle, cell_name
from kinds.pipes.engine.grid import grid as grid_of
from kinds.pipes.pack.dialog import EXIT_WIDTH, STATUS_WIDTH, layout
from kinds.pipes.pack.resourcepack import glyph_char

V = "pipes.var"
CLICK = "pipes.click"
TICKET = "pipes.ticket"
STATE_IDLE, STATE_FLOODED, STATE_LOOP = 0, 1, 2


def _grid_value(puzzle: Puzzle) -> list:
    """The seed's column-major grid of tile compounds."""
    w, h = puzzle.width, puzzle.height
    src = puzzle.source[1] * w + puzzle.source[0]
    columns = []
    for x in range(w):
        column = []
        for y in range(h):
            i = y * w + x
            tile = puzzle.tiles[i]
            column.append(
                {
                    "side": ByteArray(tile >> d & 1 for d in range(4)),
                    "source": Byte(i == src),
                    "state": Byte(STATE_IDLE),
                    "x": x,
                    "y": y,
                    "index": i + 1,
                }
            )
        columns.append(column)
    return columns


def _path(puzzle: Puzzle, i: int) -> str:
    return f"grid[{i % puzzle.width}][{i // puzzle.width}]"


def load(puzzle: Puzzle) -> list[str]:
    return [
        f"scoreboard objectives add {V} dummy",
        f"scoreboard objectives add {CLICK} trigger",
        f"scoreboard objectives add {TICKET} dummy",
        'tellraw @a [{"text":"Daily Pipes ","color":"aqua"},'
        f'{{"text":{quote(puzzle.code)},"color":"white"}},'
        f'{{"text":" is installed (Minecraft {GAME_VERSIONS}): run /function pipes:start to '
        'play.","color":"gray"}]',
    ]


def _buttons(puzzle: Puzzle) -> list[dict]:
    """The dialog's buttons, row-major: a tile's glyph in the idle font, its trigger, and
    its name as the tooltip (the check sets the fonts)."""
    width = layout(puzzle.width).button
    return [
        {
            "label": {"text": glyph_char(tile), "font": "pipes:idle"},
            "tooltip": {"text": cell_name(i % puzzle.width, i // puzzle.width)},
            "width": width,
            "action": {"type": "run_command", "command": f"trigger {CLICK} set {i + 1}"},
        }
        for i, tile in enumerate(puzzle.tiles)
    ]


def start(puzzle: Puzzle) -> list[str]:
    n = puzzle.width * puzzle.height
    glyphs = [glyph_char(m) for m in range(16)]
    lines = [
        f"data modify storage pipes:game code set value {quote(puzzle.code)}",
        f"data modify storage pipes:game width set value {puzzle.width}",
        f"data modify storage pipes:game height set value {puzzle.height}",
        f"data modify storage pipes:game glyphs set value {dumps(glyphs)}",
        f"data modify storage pipes:game grid set value {dumps(_grid_value(puzzle))}",
        f"data modify storage pipes:ui code set value {quote(puzzle.code)}",
        f"data modify storage pipes:ui columns set value {puzzle.width}",
        f"data modify storage pipes:ui total set value {n}",
        f"data modify storage pipes:ui buttons set value {dumps(_buttons(puzzle))}",
        "data modify storage pipes:ui turns set value 0",
        f"scoreboard players set #w {V} {puzzle.width}",
        f"scoreboard players set #2 {V} 2",
        f"scoreboard players set #turns {V} 0",
        f"scoreboard players set #tickets {V} 0",
        # A new game drops clicks and tickets left from an earlier one (offline players too).
        f"scoreboard players reset * {TICKET}",
        f"scoreboard players reset * {CLICK}",
    ]
    for i, tile in enumerate(puzzle.tiles):
        lines += [f"scoreboard players set #s{i}_{d} {V} {tile >> d & 1}" for d in range(4)]
    lines += [
        "function pipes:check",
        'tellraw @a {"text":"Turn the pipes until water reaches every tile, with no loops. '
        'Click a tile to turn it; closed the board? /trigger pipes.click set -1","color":"gray"}',
        "execute as @a run function pipes:show",
    ]
    return lines


def tick() -> list[str]:
    """Let every player (late joiners too) click unless a click of theirs waits; show the
    board again to whoever asks (-1); queue new clicks; handle the oldest one."""
    return [
        f"execute as @a unless score @s {CLICK} matches ..-1 unless score @s {CLICK} "
        f"matches 1.. run scoreboard players enable @s {CLICK}",
        f"execute as @a[scores={{{CLICK}=..-1}}] run function pipes:reopen",
        f"execute as @a[scores={{{CLICK}=1..}}] unless score @s {TICKET} matches 1.. "
        "run function pipes:enqueue",
        "function pipes:next",
    ]


def reopen() -> list[str]:
    return [f"scoreboard players set @s {CLICK} 0", "function pipes:show"]


def enqueue() -> list[str]:
    """Give the player's click the next ticket."""
    return [
        f"scoreboard players add #tickets {V} 1",
        f"scoreboard players operation @s {TICKET} = #tickets {V}",
    ]


def next_click() -> list[str]:
    """Handle the click with the lowest ticket (one per tick: see the budget above)."""
    return [
        f"scoreboard players set #min {V} 2147483647",
        f"scoreboard players operation #min {V} < @a[scores={{{TICKET}=1..}}] {TICKET}",
        f"execute as @a[scores={{{TICKET}=1..}}] if score @s {TICKET} = #min {V} "
        "run function pipes:click",
    ]


def click(puzzle: Puzzle) -> list[str]:
    n = puzzle.width * puzzle.height
    return [
        f"execute store result score #i {V} run scoreboard players get @s {CLICK}",
        f"scoreboard players set @s {CLICK} 0",
        f"scoreboard players set @s {TICKET} 0",
        f"execute if score #solved {V} matches 1 run return run function pipes:show",
        f"execute unless score #i {V} matches 1..{n} run return run function pipes:show",
        f"scoreboard players remove #i {V} 1",
        f"scoreboard players operation #x {V} = #i {V}",
        f"scoreboard players operation #x {V} %= #w {V}",
        f"scoreboard players operation #y {V} = #i {V}",
        f"scoreboard players operation #y {V} /= #w {V}",
        f"execute store result storage pipes:tmp turn.i int 1 run scoreboard players get #i {V}",
        f"execute store result storage pipes:tmp turn.x int 1 run scoreboard players get #x {V}",
        f"execute store result storage pipes:tmp turn.y int 1 run scoreboard players get #y {V}",
        "function pipes:turn with storage pipes:tmp turn",
        f"scoreboard players add #turns {V} 1",
        f"execute store result storage pipes:ui turns int 1 run scoreboard players get #turns {V}",
        "function pipes:check",
        "function pipes:show",
        f"execute if score #solved {V} matches 1 run function pipes:win",
    ]


def turn() -> list[str]:
    """Macro: turn tile (x, y) clockwise (the seed's "move the last side to the front"), then
    give its button the glyph of its new mask."""
    tile = "storage pipes:game grid[$(x)][$(y)].side"
    return [
        f"$data modify {tile} prepend from {tile}[-1]",
        f"$data remove {tile}[-1]",
        *(f"$execute store result score #s$(i)_{d} {V} run data get {tile}[{d}]" for d in range(4)),
        f"$scoreboard players operation #m {V} = #s$(i)_3 {V}",
        *(
            line
            for d in (2, 1, 0)
            for line in (
                f"scoreboard players operation #m {V} *= #2 {V}",
                f"$scoreboard players operation #m {V} += #s$(i)_{d} {V}",
            )
        ),
        f"execute store result storage pipes:tmp turn.m int 1 run scoreboard players get #m {V}",
        "function pipes:label with storage pipes:tmp turn",
    ]


def label() -> list[str]:
    return [
        "$data modify storage pipes:ui buttons[$(i)].label.text "
        "set from storage pipes:game glyphs[$(m)]"
    ]


def _edges(puzzle: Puzzle) -> list[tuple[str, int, int]]:
    """(score, i, j) for every grid edge: #h<i> joins i and its right-hand neighbour, #v<i>
    joins i and the cell below (across the border on a wrapping board)."""
    g = grid_of(puzzle.width, puzzle.height, puzzle.wrap)
    return [(f"#h{i}", i, j) for i, j in g.right] + [(f"#v{i}", i, j) for i, j in g.down]


def check_fn(puzzle: Puzzle) -> list[str]:
    """Flooded and loop tiles, as the engine's checker: Tarjan from the source (flooded =
    reached), then from every tile not reached yet (loops anywhere)."""
    n = puzzle.width * puzzle.height
    src = puzzle.source[1] * puzzle.width + puzzle.source[0]
    lines = [
        f"scoreboard players set #time {V} 0",
        "data modify storage pipes:check stack set value []",
        "data modify storage pipes:check comp set value []",
    ]
    for i in range(n):
        lines += [f"scoreboard players set #dfn{i} {V} 0", f"scoreboard players set #loop{i} {V} 0"]
    for score, i, j in _edges(puzzle):
        a, b = (2, 0) if score.startswith("#h") else (3, 1)
        lines += [
            f"scoreboard players set {score} {V} 0",
            f"execute if score #s{i}_{a} {V} matches 1 if score #s{j}_{b} {V} matches 1 "
            f"run scoreboard players set {score} {V} 1",
        ]
    lines += [f"scoreboard players set #par{src} {V} -1", f"function pipes:dfs/{src}"]
    for i in range(n):
        lines += [
            f"scoreboard players set #fl{i} {V} 0",
            f"execute if score #dfn{i} {V} matches 1.. run scoreboard players set #fl{i} {V} 1",
        ]
    for i in range(n):
        lines += [
            f"execute if score #dfn{i} {V} matches 0 run scoreboard players set #par{i} {V} -1",
            f"execute if score #dfn{i} {V} matches 0 run function pipes:dfs/{i}",
        ]
    lines += [f"scoreboard players set #flooded {V} 0", f"scoreboard players set #loops {V} 0"]
    for i in range(n):
        state = f"storage pipes:game {_path(puzzle, i)}.state"
        font = f"storage pipes:ui buttons[{i}].label.font"
        wet = "source" if i == src else "flooded"
        flooded, looped = f"if score #fl{i} {V} matches 1", f"if score #loop{i} {V} matches 1"
        lines += [
            f"data modify {state} set value 0b",
            f'data modify {font} set value "pipes:idle"',
            f"execute {flooded} run data modify {state} set value 1b",
            f'execute {flooded} run data modify {font} set value "pipes:{wet}"',
            f"execute {looped} run data modify {state} set value 2b",
            f'execute {looped} run data modify {font} set value "pipes:loop"',
            f"execute if score #fl{i} {V} matches 1 run scoreboard players add #flooded {V} 1",
            f"execute if score #loop{i} {V} matches 1 run scoreboard players add #loops {V} 1",
        ]
    lines += [
        f"scoreboard players set #solved {V} 0",
        f"execute if score #flooded {V} matches {n} if score #loops {V} matches 0 "
        f"run scoreboard players set #solved {V} 1",
        f"execute store result storage pipes:ui flooded int 1 run "
        f"scoreboard players get #flooded {V}",
        f"execute store result storage pipes:ui loops int 1 run scoreboard players get #loops {V}",
    ]
    return lines


def dfs(i: int, incident: list[tuple[str, int]]) -> list[str]:
    """Tarjan's visit of cell i: number it, push it, then each connected neighbour (edge
    score, cell): a visited one lowers low(i) (the parent excepted), an unvisited one is a
    tree edge."""
    lines = [
        f"scoreboard players add #time {V} 1",
        f"scoreboard players operation #dfn{i} {V} = #time {V}",
        f"scoreboard players operation #low{i} {V} = #time {V}",
        f"data modify storage pipes:check stack append value {i}",
    ]
    for score, j in incident:
        lines += [
            f"execute if score {score} {V} matches 1 unless score #par{i} {V} matches {j} "
            f"if score #dfn{j} {V} matches 1.. "
            f"run scoreboard players operation #low{i} {V} < #dfn{j} {V}",
            f"execute if score {score} {V} matches 1 if score #dfn{j} {V} matches 0 "
            f"run function pipes:tree {{i:{i},j:{j}}}",
        ]
    return lines


def tree() -> list[str]:
    """Macro: the tree edge i→j. After visiting j, if low(j) ≥ dfn(i), i and the stack down
    to j form a biconnected component: 3 tiles or more make a loop."""
    return [
        f"$scoreboard players set #par$(j) {V} $(i)",
        "$function pipes:dfs/$(j)",
        f"$scoreboard players operation #low$(i) {V} < #low$(j) {V}",
        f"scoreboard players set #n {V} 0",
        f"$execute if score #low$(j) {V} >= #dfn$(i) {V} run function pipes:pop {{j:$(j)}}",
        f"$execute if score #n {V} matches 2.. run scoreboard players set #loop$(i) {V} 1",
        f"execute if score #n {V} matches 2.. run function pipes:mark",
        "data modify storage pipes:check comp set value []",
    ]


def pop() -> list[str]:
    """Macro: move the stack's top into ``comp`` until tile j has moved."""
    return [
        f"scoreboard players add #n {V} 1",
        f"execute store result score #top {V} run data get storage pipes:check stack[-1]",
        "data modify storage pipes:check comp append from storage pipes:check stack[-1]",
        "data remove storage pipes:check stack[-1]",
        f"$execute unless score #top {V} matches $(j) run function pipes:pop {{j:$(j)}}",
    ]


def mark() -> list[str]:
    """Mark every tile in ``comp`` as a loop tile."""
    return [
        "execute unless data storage pipes:check comp[0] run return 0",
        "data modify storage pipes:tmp mark.i set from storage pipes:check comp[-1]",
        "data remove storage pipes:check comp[-1]",
        "function pipes:mark_one with storage pipes:tmp mark",
        "function pipes:mark",
    ]


def mark_one() -> list[str]:
    return [f"$scoreboard players set #loop$(i) {V} 1"]


def show() -> list[str]:
    """Show the board (its buttons are kept up to date in storage) to the player running
    this."""
    return ["function pipes:dialog with storage pipes:ui"]


def dialog() -> list[str]:
    """Macro: the board as a dialog of one button per tile, the status line above it."""
    return [
        '$dialog show @s {type:"minecraft:multi_action",title:"Pipes $(code)",'
        f'body:[{{type:"minecraft:plain_message",width:{STATUS_WIDTH},'
        'contents:"Flooded $(flooded)/$(total) · loop tiles $(loops) · turns $(turns)"}],'
        "actions:$(buttons),columns:$(columns),"
        f'exit_action:{{label:"Close",width:{EXIT_WIDTH}}},after_action:"close",pause:false}}'
    ]


def win(puzzle: Puzzle) -> list[str]:
    return [
        'tellraw @a [{"selector":"@s","color":"aqua"},{"text":" solved Pipes ","color":"green"},'
        f'{{"text":{quote(puzzle.code)},"color":"white"}},{{"text":" in ","color":"green"}},'
        f'{{"score":{{"name":"#turns","objective":"{V}"}},"color":"white"}},'
        '{"text":" turns!","color":"green"}]',
    ]


def functions(puzzle: Puzzle) -> dict[str, list[str]]:
    """Function name (under ``pipes:``) -> its lines."""
    n = puzzle.width * puzzle.height
    result = {
        "load": load(puzzle),
        "start": start(puzzle),
        "tick": tick(),
        "reopen": reopen(),
        "enqueue": enqueue(),
        "next": next_click(),
        "click": click(puzzle),
        "turn": turn(),
        "label": label(),
        "check": check_fn(puzzle),
        "tree": tree(),
        "pop": pop(),
        "mark": mark(),
        "mark_one": mark_one(),
        "show": show(),
        "dialog": dialog(),
        "win": win(puzzle),
    }
    incident: list[list[tuple[str, int]]] = [[] for _ in range(n)]
    for score, i, j in _edges(puzzle):
        incident[i].append((score, j))
        incident[j].append((score, i))
    for i in range(n):
        result[f"dfs/{i}"] = dfs(i, incident[i])
    return result
