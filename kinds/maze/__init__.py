"""kinds/maze."""
