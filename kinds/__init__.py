"""The puzzle kinds, one folder each: its engine, pictures, Discord face, Minecraft pack,
benchmark, tests and page. The registries list them: ``puzzle.KINDS`` (engines) and
``bot.kinds.FACES`` (faces)."""
