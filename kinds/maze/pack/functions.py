"""The pack's functions for one maze (``maze:<name>`` → its lines).

Where the maze stands: ``/function maze:build`` builds it next to whoever runs it (a player,
or ``execute positioned … run function maze:build`` from anywhere; the server console
builds at the world spawn). The position is rounded down to its block (``align xyz``); the
maze's north-west corner is 2 blocks east (+x) and 2 south (+z) of it, its floor one block
down, level with the ground the player stands on, so the maze lies just south-east of them
(``layout`` has the blocks). Building again there rebuilds the same maze (the area is
cleared first).

The build (``maze:place``, run at the maze's corner) force-loads every chunk of the area
first, one ``forceload add`` per chunk so it can tell the chunks it forced itself (success)
from chunks something else already forced (failure): the game loads a chunk as soon as it
is forced, so the fills that follow in the same function find it loaded. Then it clears
the air above the floor, lays the floor, the gold start and the emerald exit, and the
walls, all as ``fill`` commands of at most 32,768 blocks; remembers the corner in storage
(``maze:origin``, with the maze's code) through a marker summoned there and killed at once;
and releases exactly the chunks it forced.

Playing: ``maze:start`` takes every player to the start, facing its open side, tags them
``maze.walking`` and notes the game time; the tick function looks for walking players on
the exit's emerald floor (inside the exit cell, found from the remembered corner by a
macro) and announces their time once each: ``<player> reached the exit in 83.4 s``. The corner
is kept as numbers only and the tick runs in the Overworld, so the maze is built there.

The sky stays open: the walls are 3 blocks tall, more than a player jumps or sees over (eyes
at 1.62), and daylight lights the corridors; a roof would need lights of its own. The build
clears ``layout.CLEARED`` (24) layers above the floor, so ground or trees up to 24 blocks
over it go (a floor above y = 295 puts the top of that clearing outside the world: those
fills fail and what stood there stays).
"""

from __future__ import annotations

from datapack.formats import GAME_VERSIONS
from datapack.snbt import quote
from kinds.maze.pack.layout import Box, chunk_points, cleared, corridor, floor, mark, walls
from kinds.maze.pack.plan import DOWN, LEFT, RIGHT, UP, MazePlan

V = "maze.var"
WALKING = "maze.walking"
ORIGIN = "maze:origin"
#: From the position ``maze:build`` runs at (its block) to the maze's north-west floor block.
OFFSET = (2, -1, 2)
AIR = "minecraft:air"
WALL = "minecraft:stone_bricks"
FLOOR = "minecraft:smooth_stone"
START = "minecraft:gold_block"
EXIT = "minecraft:emerald_block"
#: Yaw facing each side (Minecraft: 0 south, 90 west, 180 north, -90 east), in the order a
#: start cell's open side is looked for.
FACING = ((RIGHT, -90), (DOWN, 0), (LEFT, 90), (UP, 180))


def _rel(n: int) -> str:
    return f"~{n}" if n else "~"


def fill(box: Box, block: str) -> str:
    """``fill`` of a box relative to the execution position."""
    corners = (box.x0, box.y0, box.z0, box.x1, box.y1, box.z1)
    return f"fill {' '.join(_rel(n) for n in corners)} {block}"


def _text(*parts: tuple[str, str]) -> str:
    """A text component list of (text, colour) parts."""
    return "[" + ",".join(f'{{"text":{quote(t)},"color":"{c}"}}' for t, c in parts) + "]"


def load(plan: MazePlan) -> list[str]:
    return [
        f"scoreboard objectives add {V} dummy",
        f"scoreboard players set #20 {V} 20",
        f"scoreboard players set #2 {V} 2",
        "tellraw @a "
        + _text(
            ("Daily Pipes maze ", "aqua"),
            (plan.code, "white"),
            (
                f" is installed (Minecraft {GAME_VERSIONS}): stand where it should begin and "
                "run /function maze:build, then /function maze:start.",
                "gray",
            ),
        ),
    ]


def build() -> list[str]:
    dx, dy, dz = OFFSET
    return [f"execute align xyz positioned ~{dx} ~{dy} ~{dz} run function maze:place"]


def place(plan: MazePlan) -> list[str]:
    """Build at the execution position, the maze's north-west floor block."""
    points = chunk_points(plan)
    lines = [
        f"execute store success score #chunk{k} {V} run forceload add {_rel(x)} {_rel(z)}"
        for k, (x, z) in enumerate(points)
    ]
    lines += [fill(box, AIR) for box in cleared(plan)]
    lines += [fill(box, FLOOR) for box in floor(plan)]
    lines += [fill(mark(plan, plan.start), START), fill(mark(plan, plan.exit), EXIT)]
    lines += [fill(box, WALL) for box in walls(plan)]
    lines.append("execute summon minecraft:marker run function maze:remember")
    lines += [
        f"execute if score #chunk{k} {V} matches 1 run forceload remove {_rel(x)} {_rel(z)}"
        for k, (x, z) in enumerate(points)
    ]
    lines.append(
        "tellraw @a "
        + _text(
            ("Maze ", "aqua"),
            (plan.code, "white"),
            (" is built: /function maze:start takes everyone to the gold block.", "gray"),
        )
    )
    return lines


def remember(plan: MazePlan) -> list[str]:
    """Run as the marker at the maze's corner: keep the corner and the maze's code."""
    return [
        *(
            f"execute store result storage {ORIGIN} {axis} int 1 run data get entity @s Pos[{k}]"
            for k, axis in enumerate("xyz")
        ),
        f"data modify storage {ORIGIN} code set value {quote(plan.code)}",
        "kill @s",
    ]


def _corner() -> str:
    """Macro: from the remembered corner (its numbers, centred by the game as whole
    coordinates are, then put back on the block's corner)."""
    return "execute positioned $(x) $(y) $(z) align xyz"


def start(plan: MazePlan) -> list[str]:
    return [
        f"execute unless data storage {ORIGIN} {{code:{quote(plan.code)}}} run return run "
        "tellraw @a "
        + _text(
            ("Build maze ", "red"), (plan.code, "white"), (" first: /function maze:build", "red")
        ),
        f"execute store result score #start {V} run time query gametime",
        f"tag @a add {WALKING}",
        f"function maze:go with storage {ORIGIN}",
        "tellraw @a "
        + _text(
            ("Maze ", "aqua"),
            (plan.code, "white"),
            (": find the emerald block. The clock is running!", "gray"),
        ),
    ]


def go(plan: MazePlan) -> list[str]:
    """Macro: every player to the middle of the start cell, facing its open side."""
    x, z = corridor(plan, plan.start)
    yaw = next((yaw for side, yaw in FACING if plan.sides[plan.start] & side), 0)
    return [f"${_corner()} run tp @a ~{x + 1} ~1 ~{z + 1} {yaw} 0"]


def tick() -> list[str]:
    return [f"execute if entity @a[tag={WALKING}] run function maze:watch with storage {ORIGIN}"]


def watch(plan: MazePlan) -> list[str]:
    """Macro: walking players in the exit cell (its 2 × 2 columns, at feet height) who stand
    on its emerald floor."""
    x, z = corridor(plan, plan.exit)
    return [
        f"${_corner()} positioned ~{x} ~1 ~{z} as @a[tag={WALKING},dx=1,dy=0,dz=1] "
        f"at @s if block ~ ~-1 ~ {EXIT} run function maze:reached"
    ]


def reached() -> list[str]:
    """The player at the exit: their time since the start, in seconds and tenths, once."""
    return [
        f"tag @s remove {WALKING}",
        f"execute store result score #ticks {V} run time query gametime",
        f"scoreboard players operation #ticks {V} -= #start {V}",
        f"scoreboard players operation #s {V} = #ticks {V}",
        f"scoreboard players operation #s {V} /= #20 {V}",
        f"scoreboard players operation #t {V} = #ticks {V}",
        f"scoreboard players operation #t {V} %= #20 {V}",
        f"scoreboard players operation #t {V} /= #2 {V}",
        'tellraw @a [{"selector":"@s","color":"aqua"},'
        '{"text":" reached the exit in ","color":"green"},'
        f'{{"score":{{"name":"#s","objective":"{V}"}},"color":"white"}},'
        '{"text":".","color":"white"},'
        f'{{"score":{{"name":"#t","objective":"{V}"}},"color":"white"}},'
        '{"text":" s","color":"green"}]',
    ]


def functions(plan: MazePlan) -> dict[str, list[str]]:
    """Function name (under ``maze:``) -> its lines."""
    return {
        "load": load(plan),
        "build": build(),
        "place": place(plan),
        "remember": remember(plan),
        "start": start(plan),
        "go": go(plan),
        "tick": tick(),
        "watch": watch(plan),
        "reached": reached(),
    }
