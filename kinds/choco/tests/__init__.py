"""kinds/choco/tests."""
