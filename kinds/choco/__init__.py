"""kinds/choco."""
