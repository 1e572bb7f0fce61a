"""kinds/lights/tests."""
