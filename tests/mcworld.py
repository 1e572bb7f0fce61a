"""A world for the test interpreter (``mcinterp``), to build the maze pack without Minecraft:
blocks, chunks, entities with positions and tags, and game time; and exactly the commands the
maze pack uses on them, refusing any other command or form.

Commands added: ``fill <from> <to> <block>`` (plain block ids, replacing everything);
``forceload add|remove <x> <z>`` (one column); ``tp <targets> <x y z> <yaw> <pitch>``;
``tag <targets> add|remove <tag>``; ``kill`` (no player); ``time query gametime``;
``tellraw`` (text, selector and score parts, rendered to plain text); ``data get entity
<target> Pos[i]``; execute ``positioned <x y z>``, ``align xyz``, ``as``/``at <selector>``,
``summon minecraft:marker``, ``if/unless entity <selector>``, ``if/unless block <pos>
<block>``. Selectors: ``@s``, ``@a``, ``@a[…]`` with ``tag=`` and ``dx=/dy=/dz=``.

What the game does and the model copies:

* Coordinates: ``~n`` is relative to the execution position; a whole absolute x or z of a
  position (``positioned 12 64 -3``, ``tp``) means the block's centre (12.5, -2.5), as the
  game reads it; block positions (``fill``, ``if block``) and columns (``forceload``) are
  the blocks the positions fall in.
* ``fill`` changes at most 32,768 blocks (``commandModificationBlockLimit``), only inside
  the world's height (-64 … 319) and only where every chunk is loaded; otherwise it fails.
* Chunks are loaded within ``VIEW`` chunks of a player (square), within ``SPAWN_RADIUS`` of
  the world spawn, and where forced. ``forceload add`` loads its chunk at once (the game's
  ``setChunkForced`` does) and fails when the chunk is forced already; ``forceload remove``
  fails when it is not.
* A volume selector (``dx`` …) picks the entities whose hitbox (a player's is 0.6 wide and
  1.8 tall, from the feet) overlaps the box from the position to ``dx + 1`` … further.
* A command that fails in the game raises ``Failed``: ``execute store success`` stores 0
  for it, anything else stops the test (the pack should never fail a command otherwise).
"""

from __future__ import annotations

import io
import json
import math
import re
import zipfile
from dataclasses import dataclass, field

from mcinterp import CommandError, Failed, Interpreter, Unsupported

SPAWN = (0.5, 64.0, 0.5)
#: Feet height on the flat world: grass at 63, dirt below, air above.
GROUND = 64
FILL_LIMIT = 32_768
MIN_Y, MAX_Y = -64, 319
#: Chunks loaded around each player (a view distance of 2, the smallest) and the spawn.
VIEW = 2
SPAWN_RADIUS = 2
PLAYER_HALF_WIDTH, PLAYER_HEIGHT = 0.3, 1.8
_BLOCK = re.compile(r"minecraft:[a-z_]+")

Pos = tuple[float, float, float]
Block = tuple[int, int, int]


@dataclass(eq=False)
class Entity:
    name: str
    type: str  # "minecraft:player" or "minecraft:marker"
    pos: Pos
    rotation: tuple[float, float] = (0.0, 0.0)
    tags: set[str] = field(default_factory=set)

    @property
    def is_player(self) -> bool:
        return self.type == "minecraft:player"

    def hitbox(self) -> tuple[Pos, Pos]:
        x, y, z = self.pos
        if not self.is_player:  # a marker has no size
            return self.pos, self.pos
        half = PLAYER_HALF_WIDTH
        return (x - half, y, z - half), (x + half, y + PLAYER_HEIGHT, z + half)


@dataclass(frozen=True)
class Source:
    """Who runs a command (``entity``, None for the server) and where."""

    entity: Entity | None
    pos: Pos


def terrain(block: Block) -> str:
    """The flat world's block where nothing was placed."""
    if block[1] >= GROUND:
        return "minecraft:air"
    return "minecraft:grass_block" if block[1] == GROUND - 1 else "minecraft:dirt"


def chunk_of(x: int, z: int) -> tuple[int, int]:
    return x >> 4, z >> 4


class World(Interpreter):
    """The pack's functions in a flat world with players (Steve first)."""

    SUBCOMMANDS = Interpreter.SUBCOMMANDS | {"positioned", "align", "at", "summon"}
    HEADS = frozenset(("fill", "forceload", "tp", "tag", "kill", "time", "tellraw"))

    def __init__(
        self,
        functions: dict[str, list[str]],
        tags: dict[str, list[str]] | None = None,
        players: tuple[str, ...] = ("Steve",),
    ) -> None:
        super().__init__(functions, players=[])
        self.tags = tags or {}
        self.entities: list[Entity] = []
        self.blocks: dict[Block, str] = {}
        self.forced: set[tuple[int, int]] = set()
        self.gametime = 0
        #: Every fill run: (block, lowest corner, highest corner, volume).
        self.fills: list[tuple[str, Block, Block, int]] = []
        self.chat: list[tuple[str, str]] = []  # (player, the tellraw's text)
        self.markers = 0
        for name in players:
            self.join(name, SPAWN)

    @classmethod
    def from_zip(cls, blob: bytes, players: tuple[str, ...] = ("Steve",)) -> World:
        """The world with a data pack's zip installed: its functions and its load and tick
        function tags (one namespace)."""
        archive = zipfile.ZipFile(io.BytesIO(blob))
        functions, tags = {}, {}
        for name in archive.namelist():
            match = re.fullmatch(r"data/([a-z_]+)/function/(.+)\.mcfunction", name)
            if match:
                functions[match.group(2)] = archive.read(name).decode().split("\n")
            match = re.fullmatch(r"data/minecraft/tags/function/(\w+)\.json", name)
            if match:
                tags[match.group(1)] = json.loads(archive.read(name))["values"]
        return cls(functions, tags, players)

    # -- driving it -----------------------------------------------------------------------

    def join(self, name: str, pos: Pos) -> Entity:
        player = Entity(name, "minecraft:player", pos)
        self.entities.append(player)
        return player

    def player(self, name: str) -> Entity:
        return next(e for e in self.entities if e.is_player and e.name == name)

    def run(self, function: str, player: str | None = None) -> int:
        """Run a function as a player at their feet (or as the server at the spawn), as a
        top-level execution; returns the commands it took."""
        entity = self.player(player) if player else None
        source = Source(entity, entity.pos if entity else SPAWN)
        before = self.commands
        self.function(function, source)
        return self.commands - before

    def reload(self) -> int:
        return sum(self.run(f) for f in self.tags.get("load", []))

    def tick(self) -> int:
        """One game tick: the time goes on, the tick functions run (as the server)."""
        self.gametime += 1
        return sum(self.run(f) for f in self.tags.get("tick", []))

    def block(self, block: Block) -> str:
        return self.blocks.get(block, terrain(block))

    def loaded(self, chunk: tuple[int, int]) -> bool:
        if chunk in self.forced:
            return True
        centres = [(chunk_of(math.floor(SPAWN[0]), math.floor(SPAWN[2])), SPAWN_RADIUS)]
        centres += [
            (chunk_of(math.floor(e.pos[0]), math.floor(e.pos[2])), VIEW)
            for e in self.entities
            if e.is_player
        ]
        return any(abs(chunk[0] - c[0]) <= r and abs(chunk[1] - c[1]) <= r for c, r in centres)

    # -- commands -------------------------------------------------------------------------

    def command(self, line: str, executor: Source) -> int:
        words = line.split(" ")
        if words[0] in self.HEADS:
            self.commands += 1
            return getattr(self, f"_{words[0]}")(line, words, executor)
        if words[:3] == ["data", "get", "entity"]:  # the executor's own data
            self.commands += 1
            return self._data_entity(line, words, executor)
        return super().command(line, executor)

    def _fill(self, line: str, words: list[str], source: Source) -> int:
        if len(words) != 8 or not _BLOCK.fullmatch(words[7]):
            raise Unsupported(line)
        a, b = self._block_pos(words[1:4], source), self._block_pos(words[4:7], source)
        low = tuple(min(p, q) for p, q in zip(a, b, strict=True))
        high = tuple(max(p, q) for p, q in zip(a, b, strict=True))
        volume = math.prod(h - lo + 1 for lo, h in zip(low, high, strict=True))
        if volume > FILL_LIMIT:
            raise Failed(f"Too many blocks in the specified area ({volume} > {FILL_LIMIT})")
        if low[1] < MIN_Y or high[1] > MAX_Y:
            raise Failed("That position is out of this world")
        for cx in range(low[0] >> 4, (high[0] >> 4) + 1):
            for cz in range(low[2] >> 4, (high[2] >> 4) + 1):
                if not self.loaded((cx, cz)):
                    raise Failed(f"That position is not loaded (chunk {cx} {cz}): {line}")
        for x in range(low[0], high[0] + 1):
            for y in range(low[1], high[1] + 1):
                for z in range(low[2], high[2] + 1):
                    self.blocks[x, y, z] = words[7]
        self.fills.append((words[7], low, high, volume))
        return volume

    def _forceload(self, line: str, words: list[str], source: Source) -> int:
        if len(words) != 4 or words[1] not in ("add", "remove"):
            raise Unsupported(line)
        x = self._coordinate(words[2], source.pos[0], centre=False)
        z = self._coordinate(words[3], source.pos[2], centre=False)
        chunk = chunk_of(math.floor(x), math.floor(z))
        if words[1] == "add":
            if chunk in self.forced:
                raise Failed(f"chunk {chunk} is forced already")
            self.forced.add(chunk)
        else:
            if chunk not in self.forced:
                raise Failed(f"chunk {chunk} is not forced")
            self.forced.remove(chunk)
        return 1

    def _tp(self, line: str, words: list[str], source: Source) -> int:
        if len(words) != 7 or any(w.startswith(("~", "^")) for w in words[5:]):
            raise Unsupported(line)
        pos = self._vec3(words[2:5], source)
        targets = self._select(words[1], source)
        for entity in targets:
            entity.pos, entity.rotation = pos, (float(words[5]), float(words[6]))
        return len(targets)

    def _tag(self, line: str, words: list[str], source: Source) -> int:
        if len(words) != 4 or words[2] not in ("add", "remove"):
            raise Unsupported(line)
        targets = self._select(words[1], source)
        for entity in targets:
            (entity.tags.add if words[2] == "add" else entity.tags.discard)(words[3])
        return len(targets)

    def _kill(self, line: str, words: list[str], source: Source) -> int:
        if len(words) != 2:
            raise Unsupported(line)
        targets = self._select(words[1], source)
        if any(e.is_player for e in targets):
            raise CommandError("the pack kills a player")
        self.entities = [e for e in self.entities if e not in targets]
        return len(targets)

    def _time(self, line: str, words: list[str], source: Source) -> int:
        if words[1:] != ["query", "gametime"]:
            raise Unsupported(line)
        return self.gametime

    def _tellraw(self, line: str, words: list[str], source: Source) -> int:
        text = self._render(json.loads(line.split(" ", 2)[2]), source)
        targets = self._select(words[1], source)
        self.chat += [(e.name, text) for e in targets]
        return len(targets)

    def _render(self, part: object, source: Source) -> str:
        if isinstance(part, str):
            return part
        if isinstance(part, list):
            return "".join(self._render(p, source) for p in part)
        if not isinstance(part, dict) or set(part) - {"text", "selector", "score", "color"}:
            raise Unsupported(f"text component {part!r}")
        if "selector" in part:
            return ", ".join(e.name for e in self._select(part["selector"], source))
        if "score" in part:
            holder = self._holder(part["score"]["name"], source)
            value = self.scores.get((holder, part["score"]["objective"]))
            return "" if value is None else str(value)
        return part["text"]

    def _data_entity(self, line: str, words: list[str], source: Source) -> int:
        match = re.fullmatch(r"Pos\[([012])\]", words[4]) if len(words) == 5 else None
        if not match:
            raise Unsupported(line)
        (entity,) = self._select(words[3], source)
        return math.floor(entity.pos[int(match.group(1))])

    # -- positions, selectors and execute -------------------------------------------------

    @staticmethod
    def _coordinate(text: str, base: float, centre: bool) -> float:
        if text.startswith("^"):
            raise Unsupported(f"local coordinate {text}")
        if text.startswith("~"):
            return base + (float(text[1:]) if text[1:] else 0.0)
        value = float(text)
        return value + 0.5 if centre and "." not in text else value

    def _vec3(self, words: list[str], source: Source) -> Pos:
        x, y, z = source.pos
        return (
            self._coordinate(words[0], x, centre=True),
            self._coordinate(words[1], y, centre=False),
            self._coordinate(words[2], z, centre=True),
        )

    def _block_pos(self, words: list[str], source: Source) -> Block:
        if any("." in w for w in words):
            raise CommandError(f"block positions are whole numbers: {words}")
        x, y, z = (
            math.floor(self._coordinate(w, base, centre=False))
            for w, base in zip(words, source.pos, strict=True)
        )
        return x, y, z

    def _select(self, selector: str, source: Source) -> list[Entity]:
        if selector == "@s":
            if source.entity is None:
                raise CommandError("@s without an executing entity")
            return [source.entity]
        players = [e for e in self.entities if e.is_player]
        if selector == "@a":
            return players
        match = re.fullmatch(r"@a\[([^\]]*)\]", selector)
        if not match:
            raise Unsupported(f"selector {selector}")
        tags, volume = [], {}
        for argument in match.group(1).split(","):
            key, _, value = argument.partition("=")
            if key == "tag" and re.fullmatch(r"[\w.]+", value):
                tags.append(value)
            elif key in ("dx", "dy", "dz") and key not in volume:
                volume[key] = int(value)
            else:
                raise Unsupported(f"selector argument {argument}")
        chosen = [e for e in players if all(t in e.tags for t in tags)]
        if volume:
            deltas = [volume.get(k, 0) for k in ("dx", "dy", "dz")]
            low = [p + min(0, d) for p, d in zip(source.pos, deltas, strict=True)]
            high = [p + max(0, d) + 1 for p, d in zip(source.pos, deltas, strict=True)]
            chosen = [e for e in chosen if _overlap(e.hitbox(), (low, high))]
        return chosen

    def _holder(self, name: str, executor: Source) -> str:
        if name == "@s":
            return self._select("@s", executor)[0].name
        return super()._holder(name, executor)

    def _targets(self, selector: str, executor: Source) -> list[str]:
        return [e.name for e in self._select(selector, executor)]

    def _as(self, selector: str, executor: Source) -> list[Source]:
        return [Source(e, executor.pos) for e in self._select(selector, executor)]

    def _subcommand(self, words: list[str], k: int, source: Source) -> tuple[list, int] | None:
        word = words[k]
        if word == "positioned" and words[k + 1] != "as":
            return [Source(source.entity, self._vec3(words[k + 1 : k + 4], source))], k + 4
        if word == "align" and words[k + 1] == "xyz":
            x, y, z = (float(math.floor(p)) for p in source.pos)
            return [Source(source.entity, (x, y, z))], k + 2
        if word == "at":
            return [Source(source.entity, e.pos) for e in self._select(words[k + 1], source)], k + 2
        if word == "summon" and words[k + 1] == "minecraft:marker":
            x, _, z = source.pos
            if not self.loaded(chunk_of(math.floor(x), math.floor(z))):
                raise Failed("cannot summon in an unloaded chunk")
            self.markers += 1
            marker = Entity(f"marker{self.markers}", "minecraft:marker", source.pos)
            self.entities.append(marker)
            return [Source(marker, source.pos)], k + 2
        return None

    def _other_condition(self, words: list[str], k: int, source: Source) -> tuple[bool, int]:
        if words[k] == "entity":
            return bool(self._select(words[k + 1], source)), k + 2
        if words[k] == "block" and _BLOCK.fullmatch(words[k + 4]):
            block = self._block_pos(words[k + 1 : k + 4], source)
            if not self.loaded(chunk_of(block[0], block[2])):
                raise Failed("That position is not loaded")
            return self.block(block) == words[k + 4], k + 5
        return super()._other_condition(words, k, source)


def _overlap(a: tuple[Pos, Pos], b: tuple[list[float], list[float]]) -> bool:
    """Whether two boxes overlap (touching faces do not), as the game's ``AABB.intersects``."""
    return all(a[0][i] < b[1][i] and a[1][i] > b[0][i] for i in range(3))
