"""Words the bot says: status lines, win announcements, share lines, help."""

from __future__ import annotations

from datetime import date

from db import Game, UserStats
from puzzle import Check


def duration(seconds: float) -> str:
    """4:28, or 1:02:03 past an hour."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def solve_time(game: Game) -> str:
    """How long a solved game took, from when its board was first shown."""
    return duration((game.solved_at - game.started_at).total_seconds())


def status(game: Game, result: Check, par: int, title: str) -> str:
    """The text above a board: what it is and what the checker found."""
    total = game.width * game.height
    head = f"**{title}** · {game.size} · par {par}"
    if game.solved:
        elapsed = solve_time(game)
        return f"{head}\n✅ Solved in {elapsed} with {game.rotations} turns (par {par})."
    parts = [f"💧 {len(result.flooded)}/{total} flooded"]
    if result.loops:
        parts.append(f"⚠️ loop: {len(result.loops)} tiles (orange, hatched)")
    else:
        parts.append("no loops")
    parts.append(f"{game.rotations} turns")
    if game.hints:
        parts.append(f"💡 {game.hints}")
    return f"{head}\n" + " · ".join(parts)


def share_line(game: Game, par: int, day: date | None, streak: int) -> str:
    """``Pipes 2026-11-22 · 8×8 · ⏱ 4:28 · 87 turns (par 61) · 🔥5`` (no spoilers)."""
    elapsed = solve_time(game)
    parts = [
        f"Pipes {day.isoformat() if day else game.code}",
        game.size,
        f"⏱ {elapsed}",
        f"{game.rotations} turns (par {par})",
    ]
    if game.hints:
        parts.append(f"💡{game.hints}")
    if streak > 1:
        parts.append(f"🔥{streak}")
    return " · ".join(parts)


def announcement(
    game: Game,
    par: int,
    day: date | None,
    rank: int | None,
    stats: UserStats | None,
) -> str:
    """The public win message: who solved what, time, turns vs par, hints, rank, streak."""
    elapsed = solve_time(game)
    what = f"the daily {game.size} puzzle of {day.isoformat()}" if day else f"{game.code}"
    hints = f", {game.hints} hint{'s' if game.hints != 1 else ''}" if game.hints else ""
    lines = [
        f"🎉 <@{game.owner_id}> solved {what} in **{elapsed}** with {game.rotations} "
        f"turns (par {par}){hints}."
    ]
    extra = []
    if rank is not None:
        extra.append(f"#{rank} on this server today")
    if stats is not None and stats.current_streak > 1:
        extra.append(f"🔥 {stats.current_streak}-day streak")
    if extra:
        lines.append(" · ".join(extra))
    streak = stats.current_streak if stats else 0
    lines.append(f"```\n{share_line(game, par, day, streak)}\n```")
    return "\n".join(lines)


HELP = """**Daily Pipes** — turn the tiles until every pipe carries water from the source \
(the dark square), with no loops and no open ends.
• `/pipes daily` or the **Play** button under the daily post: today's puzzle, on a board only \
you see. Your time counts from when the board is first shown.
• `/pipes new [size] [seed]`: a board of your own in this channel, e.g. `/pipes new 8x8`.
• Buttons turn a tile clockwise. On boards wider or taller than 5, ◀ ▲ ▼ ▶ move the window of \
buttons (framed on the image).
• `/pipes rotate cells:B3 C4x2 D1ccw`: turn tiles by coordinates (A1 is top-left; x2 = twice, \
ccw = counter-clockwise).
• `/pipes hint` turns one wrong tile right (+30 s on the daily leaderboard). \
`/pipes resume` brings back your unfinished board.
• `/pipes leaderboard [date]`, `/pipes stats [user]`.
• `/pipes datapack`: your puzzle as a Minecraft data pack + resource pack \
(Java 1.21.6+).
• Server managers: `/pipes-setup daily` and `/pipes-setup off`."""
