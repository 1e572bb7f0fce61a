"""kinds/maze/bench."""
