"""What the bot needs in a channel to post the daily, and what it lacks there."""

from __future__ import annotations

import discord

#: discord.py's names of the permissions a daily post needs, and their names in Discord.
POST_PERMISSIONS = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}


def missing_permissions(guild: discord.Guild | None, channel_id: int) -> list[str] | None:
    """The post permissions the bot lacks in a channel; None when the server or channel is
    not known to this process (posting will tell)."""
    channel = guild.get_channel(channel_id) if guild is not None else None
    if guild is None or channel is None:
        return None
    have = channel.permissions_for(guild.me)
    return [name for attribute, name in POST_PERMISSIONS.items() if not getattr(have, attribute)]


def listed(names: list[str]) -> str:
    """'Send Messages', 'Send Messages and Attach Files', 'A, B and C'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
