"""kinds/maze/tests."""
