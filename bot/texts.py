"""Words the bot says: status lines, win announcements, share lines, refusals, boards of
results, help. All Discord markup lives here and in the views."""

from __future__ import annotations

from datetime import date

from play import (
    Board,
    BoardSolved,
    NoSuchBoard,
    NotYourBoard,
    NoUnfinishedBoard,
    Standings,
    UserError,
    UserStats,
    penalty,
    ranked,
    solved_late,
)  # fmt: skip


def duration(seconds: float) -> str:
    """4:28, or 1:02:03 past an hour."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def solve_time(board: Board) -> str:
    """How long a solved game took, from when its board was first shown."""
    game = board.game
    assert game.finished_at is not None
    return duration((game.finished_at - game.started_at).total_seconds())


def title(board: Board) -> str:
    """'Daily Pipes 2026-11-22' or 'Pipes 6x6-abc'."""
    name = board.kind.title
    if board.day is not None:
        return f"Daily {name} {board.day.isoformat()}"
    return f"{name} {board.game.puzzle.short_code}"


def status(board: Board) -> str:
    """The text above a board: what it is and what the checker found."""
    game = board.game
    head = f"**{title(board)}** · {game.size} · par {board.par}"
    if game.solved:
        return (
            f"{head}\n✅ Solved in {solve_time(board)} with {game.turns} turns (par {board.par})."
        )
    check = board.status.details["check"]
    parts = [f"💧 {len(check.flooded)}/{game.width * game.height} flooded"]
    if check.loops:
        parts.append(f"⚠️ loop: {len(check.loops)} tiles (orange, hatched)")
    else:
        parts.append("no loops")
    parts.append(f"{game.turns} turns")
    if game.hints:
        parts.append(f"💡 {game.hints}")
    return f"{head}\n" + " · ".join(parts)


def share_line(board: Board, streak: int) -> str:
    """``Pipes 2026-11-22 · 8×8 · ⏱ 4:28 · 87 turns (par 61) · 🔥5`` (no spoilers)."""
    game = board.game
    name = board.day.isoformat() if board.day else game.puzzle.short_code
    parts = [
        f"{board.kind.title} {name}",
        game.size,
        f"⏱ {solve_time(board)}",
        f"{game.turns} turns (par {board.par})",
    ]
    if game.hints:
        parts.append(f"💡{game.hints}")
    if streak > 1:
        parts.append(f"🔥{streak}")
    return " · ".join(parts)


def announcement(board: Board, rank: int | None, stats: UserStats | None) -> str:
    """The public win message: who solved what, time, turns vs par, hints, rank, streak."""
    game = board.game
    what = (
        f"the daily {game.size} puzzle of {board.day.isoformat()}"
        if board.day
        else game.puzzle.short_code
    )
    hints = f", {game.hints} hint{'s' if game.hints != 1 else ''}" if game.hints else ""
    late = solved_late(game)
    lines = [
        f"🎉 <@{game.owner_id}> solved {what}{' (late)' if late else ''} in "
        f"**{solve_time(board)}** with {game.turns} turns (par {board.par}){hints}."
    ]
    extra = []
    if rank is not None and board.day is not None:
        extra.append(f"#{rank} on this server for {board.day.isoformat()}")
    if stats is not None and stats.current_streak > 1:
        extra.append(f"🔥 {stats.current_streak}-day streak")
    if extra:
        lines.append(" · ".join(extra))
    streak = stats.current_streak if stats else 0
    lines.append(f"```\n{share_line(board, streak)}\n```")
    return "\n".join(lines)


def refusal(error: UserError) -> str:
    """A refused request in one sentence, naming the command that helps."""
    if isinstance(error, NotYourBoard):
        return (
            f"This board belongs to <@{error.owner_id}>. Start your own with "
            "`/pipes new` or play today's puzzle with `/pipes daily`."
        )
    if isinstance(error, NoSuchBoard):
        return "This board no longer exists. Start a new one with `/pipes new`."
    if isinstance(error, BoardSolved):
        return "This board is already solved. Start a new one with `/pipes new`."
    if isinstance(error, NoUnfinishedBoard):
        if error.anywhere:
            return "You have no unfinished board. Start one with `/pipes daily` or `/pipes new`."
        return (
            "You have no unfinished board in this channel: start one with "
            "`/pipes new` or `/pipes daily`."
        )
    return str(error)


def leaderboard(standings: Standings | None, day: date, size: tuple[int, int]) -> str:
    """This server's and the global top results for a date's daily puzzle."""
    width, height = size
    if standings is None:
        return f"No {width}×{height} daily puzzle was played on {day.isoformat()}."
    daily = standings.daily
    lines = [f"**Daily Pipes {day.isoformat()}** · {width}×{height} · par {daily.puzzle.par}"]
    scopes = [("This server", standings.local)] if standings.local is not None else []
    scopes.append(("Everywhere", standings.everywhere))
    for label, results in scopes:
        lines.append(f"\n__{label}__")
        top = ranked(results)[:10]
        if not top:
            lines.append("No solves yet.")
        for standing in top:
            r = standing.result
            hints = f" · 💡{r.hints} (+{penalty(r.hints)}s)" if r.hints else ""
            lines.append(
                f"{standing.rank}. <@{r.user_id}> · {duration(r.seconds)} · {r.turns} turns{hints}"
            )
    return "\n".join(lines)


def stats(record: UserStats) -> str:
    """A user's daily record."""
    if not record.solves:
        return f"<@{record.user_id}> has not solved a daily puzzle yet."
    assert record.best_seconds is not None and record.average_seconds is not None
    return (
        f"**Stats of** <@{record.user_id}>\nDaily solves: {record.solves}\n"
        f"Best time: {duration(record.best_seconds)} · "
        f"average: {duration(record.average_seconds)}\n"
        f"Streak: {record.current_streak} (longest {record.longest_streak}) — "
        "consecutive puzzle days"
    )


HELP = """**Daily Pipes** — turn the tiles until every pipe carries water from the source \
(the dark square), with no loops and no open ends.
• `/pipes daily` or the **Play** button under the daily post: today's puzzle, on a board only \
you see. Your time counts from when the board is first shown.
• `/pipes new [size] [seed]`: a board of your own in this channel, e.g. `/pipes new 8x8`.
• Buttons turn a tile clockwise. On boards wider or taller than 5, ◀ ▲ ▼ ▶ move the window of \
buttons (framed on the image).
• `/pipes rotate cells:B3 C4x2 D1ccw`: turn tiles by coordinates (A1 is top-left; x2 = twice, \
ccw = counter-clockwise); `B3lock` locks a tile so it cannot turn (again to unlock).
• `/pipes hint` turns one wrong tile right (+30 s on the daily leaderboard). \
`/pipes resume` brings back your unfinished board.
• `/pipes leaderboard [date]`, `/pipes stats [user]`.
• `/pipes datapack`: your puzzle as a Minecraft data pack + resource pack \
(Java 1.21.6+).
• Server managers: `/pipes-setup daily` and `/pipes-setup off`."""
