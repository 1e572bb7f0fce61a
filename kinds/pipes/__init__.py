"""Pipes (Net / FreeNet / NetWalk): turn tiles until water reaches every pipe, without loops.
See README.md beside this file."""
