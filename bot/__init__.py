"""The discord.py application: commands, buttons, the daily scheduler, announcements.

The only package that imports discord.
"""

from .app import PipesBot, create_bot
from .config import Settings, load_settings

__all__ = ["PipesBot", "Settings", "create_bot", "load_settings"]
