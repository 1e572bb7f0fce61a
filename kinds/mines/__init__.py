"""kinds/mines."""
