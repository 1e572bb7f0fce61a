"""The data pack's functions for one puzzle, following the seed design.

The grid lives in command storage as in the seed: ``pipes:game grid[x][y]`` (column-major),
each tile ``{side:[B;l,u,r,d], source, state, x, y, index}`` with ``index = x + y*w + 1`` and
``state`` 0b idle, 1b flooded, 2b loop. A click is ``/trigger pipes.click set <index>``.

Faster than the seed (whose ``grid[][{index:N}]`` look-ups and whole-grid copies make 20×20
slow): the per-puzzle parts are generated *unrolled* — every cell's side bits are mirrored
in scores, the check reads scores only, each cell has its own DFS function with its
neighbours baked in, and storage is written once per cell per check. Macros are used only
where a value is dynamic (the clicked cell, popping the Tarjan stack, the dialog text).
"""

from __future__ import annotations

from puzzle.pipes import Puzzle
from puzzle.pipes.grid import grid as grid_of

from .resourcepack import NEGATIVE_SPACE, glyph_char
from .snbt import Byte, ByteArray, dumps, quote

V = "pipes.var"
CLICK = "pipes.click"
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
        'tellraw @a [{"text":"Daily Pipes ","color":"aqua"},'
        f'{{"text":{quote(puzzle.code)},"color":"white"}},'
        '{"text":" is installed: run /function pipes:start to play.","color":"gray"}]',
    ]


def start(puzzle: Puzzle) -> list[str]:
    n = puzzle.width * puzzle.height
    glyphs = [glyph_char(m) + NEGATIVE_SPACE for m in range(16)]
    lines = [
        f"data modify storage pipes:game code set value {quote(puzzle.code)}",
        f"data modify storage pipes:game width set value {puzzle.width}",
        f"data modify storage pipes:game height set value {puzzle.height}",
        f"data modify storage pipes:game glyphs set value {dumps(glyphs)}",
        f"data modify storage pipes:game grid set value {dumps(_grid_value(puzzle))}",
        f"data modify storage pipes:ui code set value {quote(puzzle.code)}",
        f"data modify storage pipes:ui px set value {min(1024, 16 * puzzle.width + 16)}",
        f"data modify storage pipes:ui total set value {n}",
        f"scoreboard players set #w {V} {puzzle.width}",
        f"scoreboard players set #2 {V} 2",
        f"scoreboard players set #turns {V} 0",
    ]
    for i, tile in enumerate(puzzle.tiles):
        lines += [f"scoreboard players set #s{i}_{d} {V} {tile >> d & 1}" for d in range(4)]
    lines += [
        "function pipes:check",
        f"scoreboard players enable @a {CLICK}",
        'tellraw @a {"text":"Turn the pipes until water reaches every tile, with no loops. '
        'Click a tile to turn it; closed the board? /trigger pipes.click set -1","color":"gray"}',
        "execute as @a run function pipes:show",
    ]
    return lines


def tick() -> list[str]:
    """Let every player (late joiners too) click, and handle the clicks made."""
    return [
        f"scoreboard players enable @a {CLICK}",
        f"execute as @a[scores={{{CLICK}=1..}}] run function pipes:click",
        f"execute as @a[scores={{{CLICK}=..-1}}] run function pipes:click",
    ]


def click(puzzle: Puzzle) -> list[str]:
    n = puzzle.width * puzzle.height
    return [
        f"execute store result score #i {V} run scoreboard players get @s {CLICK}",
        f"scoreboard players set @s {CLICK} 0",
        f"scoreboard players enable @s {CLICK}",
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
        "function pipes:check",
        "function pipes:show",
        f"execute if score #solved {V} matches 1 run function pipes:win",
    ]


def turn() -> list[str]:
    """Macro: turn tile (x, y) clockwise (the seed's "move the last side to the front")."""
    tile = "storage pipes:game grid[$(x)][$(y)].side"
    return [
        f"$data modify {tile} prepend from {tile}[-1]",
        f"$data remove {tile}[-1]",
        *(f"$execute store result score #s$(i)_{d} {V} run data get {tile}[{d}]" for d in range(4)),
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
        lines += [
            f"data modify {state} set value 0b",
            f"execute if score #fl{i} {V} matches 1 run data modify {state} set value 1b",
            f"execute if score #loop{i} {V} matches 1 run data modify {state} set value 2b",
            f"execute if score #fl{i} {V} matches 1 run scoreboard players add #flooded {V} 1",
            f"execute if score #loop{i} {V} matches 1 run scoreboard players add #loops {V} 1",
        ]
    lines += [
        f"scoreboard players set #solved {V} 0",
        f"execute if score #flooded {V} matches {n} if score #loops {V} matches 0 "
        f"run scoreboard players set #solved {V} 1",
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


def show(puzzle: Puzzle) -> list[str]:
    """Build the board as text components (one clickable glyph per tile, in the font of
    its state) and show it in a dialog to the player running this."""
    w, h = puzzle.width, puzzle.height
    src = puzzle.source[1] * w + puzzle.source[0]
    lines = ["data modify storage pipes:ui board set value []"]
    for y in range(h):
        for x in range(w):
            i = y * w + x
            lines.append(f"scoreboard players operation #m {V} = #s{i}_3 {V}")
            for d in (2, 1, 0):
                lines += [
                    f"scoreboard players operation #m {V} *= #2 {V}",
                    f"scoreboard players operation #m {V} += #s{i}_{d} {V}",
                ]
            wet = "source" if i == src else "flooded"
            lines += [
                f"execute store result storage pipes:ui cell.m int 1 run "
                f"scoreboard players get #m {V}",
                'data modify storage pipes:ui cell.f set value "idle"',
                f"execute if score #fl{i} {V} matches 1 run "
                f'data modify storage pipes:ui cell.f set value "{wet}"',
                f"execute if score #loop{i} {V} matches 1 run "
                'data modify storage pipes:ui cell.f set value "loop"',
                f"data modify storage pipes:ui cell.n set value {i + 1}",
                "function pipes:glyph with storage pipes:ui cell",
            ]
        lines.append('data modify storage pipes:ui board append value {text:"\\n"}')
    lines += [
        f"execute store result storage pipes:ui flooded int 1 run "
        f"scoreboard players get #flooded {V}",
        f"execute store result storage pipes:ui loops int 1 run scoreboard players get #loops {V}",
        f"execute store result storage pipes:ui turns int 1 run scoreboard players get #turns {V}",
        "function pipes:dialog with storage pipes:ui",
    ]
    return lines


def glyph() -> list[str]:
    return [
        "$data modify storage pipes:ui cell.c set from storage pipes:game glyphs[$(m)]",
        "function pipes:glyph_add with storage pipes:ui cell",
    ]


def glyph_add() -> list[str]:
    return [
        '$data modify storage pipes:ui board append value {text:"$(c)",font:"pipes:$(f)",'
        f'click_event:{{action:"run_command",command:"trigger {CLICK} set $(n)"}}}}'
    ]


def dialog() -> list[str]:
    return [
        '$dialog show @s {type:"minecraft:notice",title:"Pipes $(code)",'
        'body:[{type:"minecraft:plain_message",width:$(px),contents:$(board)},'
        '{type:"minecraft:plain_message",width:$(px),'
        'contents:"Flooded $(flooded)/$(total) · loop tiles $(loops) · turns $(turns)"}],'
        'after_action:"none",pause:false}'
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
        "click": click(puzzle),
        "turn": turn(),
        "check": check_fn(puzzle),
        "tree": tree(),
        "pop": pop(),
        "mark": mark(),
        "mark_one": mark_one(),
        "show": show(puzzle),
        "glyph": glyph(),
        "glyph_add": glyph_add(),
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
