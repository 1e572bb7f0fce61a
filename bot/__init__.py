"""The discord.py application (commands, components, scheduler). Not built yet: issue #5."""
