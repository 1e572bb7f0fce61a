"""The block world of tests/mcworld.py: what it refuses and how it reads coordinates, as the
game does."""

import pytest
from mcinterp import CommandError, Unsupported
from mcworld import Failed, World


def test_the_world_refuses_what_it_does_not_implement():
    world = World(
        {
            "a": ["setblock ~ ~ ~ minecraft:stone"],
            "b": ["fill ~ ~ ~ ~1 ~1 ~1 minecraft:stone replace"],
            "c": ["forceload add ~ ~ ~16 ~16"],
            "d": ["tag @e add x"],
            "e": ["execute positioned as @s run tag @s add x"],
            "f": ["fill ~ ~ ~ ~1 ~1 ~1 minecraft:stone_bricks[axis=x]"],
            "g": ["tp @a ~ ~ ~ ~ ~"],
        }
    )
    for name in "abcdefg":
        with pytest.raises(Unsupported):
            world.run(f"t:{name}", "Steve")
    world.functions["h"] = ["fill ~ ~ ~ ~40 ~20 ~40 minecraft:stone"]
    with pytest.raises(Failed, match="Too many blocks"):
        world.run("t:h", "Steve")
    world.functions["i"] = ["forceload remove ~ ~"]
    with pytest.raises(Failed, match="not forced"):
        world.run("t:i", "Steve")
    world.functions["j"] = ["kill @a"]
    with pytest.raises(CommandError):
        world.run("t:j", "Steve")


def test_whole_coordinates_mean_block_centres_and_align_takes_them_back():
    world = World(
        {
            "a": ["execute positioned 12 64 -3 run tp @s ~ ~ ~ 0 0"],
            "b": ["execute positioned 12 64 -3 align xyz run tp @s ~ ~ ~ 0 0"],
            "c": ["execute positioned 12.0 64 -3.0 run tp @s ~ ~ ~ 0 0"],
        }
    )
    steve = world.player("Steve")
    world.run("t:a", "Steve")
    assert steve.pos == (12.5, 64.0, -2.5)
    world.run("t:b", "Steve")
    assert steve.pos == (12.0, 64.0, -3.0)
    world.run("t:c", "Steve")
    assert steve.pos == (12.0, 64.0, -3.0)
