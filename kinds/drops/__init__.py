"""kinds/drops."""
