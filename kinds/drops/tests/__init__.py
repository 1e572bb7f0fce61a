"""kinds/drops/tests."""
