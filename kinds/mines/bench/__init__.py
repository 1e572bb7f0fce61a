"""Minesweeper's benchmarks: no-guess generation against Tatham's mines.c, the solver."""
