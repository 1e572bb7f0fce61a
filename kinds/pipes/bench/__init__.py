"""Pipes' benchmarks: the generator against Tatham's Net, pictures, the Minecraft pack."""
