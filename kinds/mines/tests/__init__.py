"""kinds/mines/tests."""
