"""Words the bot says: status lines, win announcements, share lines, refusals, boards of
results, help. All Discord markup lives here and in the views."""

from __future__ import annotations

from datetime import date, datetime

from db import GuildSettings
from play import (
    Board,
    BoardOver,
    BoardSolved,
    NoSuchBoard,
    NotYourBoard,
    NoUnfinishedBoard,
    PeriodStanding,
    Standings,
    UserError,
    UserStats,
    load,
    penalty,
    ranked,
    solved_late,
)  # fmt: skip
from play.scoring import period_dates
from play.service import before_change, level_on, posted_kinds
from puzzle import KINDS
from puzzle.pipes import Params, cell_name

#: What each kind calls one counted move (each kind's commands are ``/<kind name> …``).
MOVES = {"pipes": "turns", "mines": "clicks"}


def duration(seconds: float) -> str:
    """4:28, or 1:02:03 past an hour."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


GOAL = (
    "Goal: turn the tiles until water from the ⛲ source reaches every pipe, with no loops "
    "and no open ends."
)


def timed(seconds: float, hints: int) -> str:
    """A time as it is ranked, the hint penalty shown the same way everywhere:
    '4:28', or '4:58 (4:28 + 30 s for 1 hint)'."""
    if not hints:
        return duration(seconds)
    extra = penalty(hints)
    return (
        f"{duration(seconds + extra)} ({duration(seconds)} + {extra} s for {hints} "
        f"hint{'s' if hints != 1 else ''})"
    )


def solve_time(board: Board) -> str:
    """How long a solved game took, from when its board was first shown, with hints."""
    game = board.game
    assert game.finished_at is not None
    return timed((game.finished_at - game.started_at).total_seconds(), game.hints)


def title(board: Board) -> str:
    """'Daily Pipes 2026-11-22' or 'Pipes 6x6-abc'."""
    name = board.kind.title
    if board.day is not None:
        return f"Daily {name} {board.day.isoformat()}"
    return f"{name} {board.game.puzzle.short_code}"


def status(board: Board) -> str:
    """The text above a board: what it is, what the checker found, a running timer; the
    goal on a fresh board."""
    game = board.game
    head = f"**{title(board)}** · {board.kind.label(board.puzzle)} · par {board.par}"
    if game.kind == "mines":
        return mines_status(board, head)
    if game.solved:
        return (
            f"{head}\n✅ Solved in {solve_time(board)} with {game.turns} turns (par {board.par})."
        )
    if game.finished:
        shown = (
            "the picture shows the solution"
            if board.solution_public
            else "the solution shows once this date is over everywhere"
        )
        return f"{head}\n🏳 Given up after {game.turns} turns: {shown}."
    check = board.status.details["check"]
    parts = [f"💧 {len(check.flooded)}/{game.width * game.height} flooded"]
    if check.loops:
        parts.append(f"⚠️ loop: {len(check.loops)} tiles (orange, hatched)")
    else:
        parts.append("no loops")
    parts.append(f"{game.turns} turns")
    if game.hints:
        parts.append(f"💡 {game.hints} (+{penalty(game.hints)} s)")
    parts.append(f"⏱ started <t:{int(game.started_at.timestamp())}:R>")
    fresh = game.turns == 0 and game.hints == 0 and game.version == 0
    return f"{head}\n" + " · ".join(parts) + (f"\n{GOAL}" if fresh else "")


MINES_GOAL = (
    "Open every cell without a mine: a number tells how many of its 8 neighbours hide one. "
    "No guessing is ever needed. Switch to 🚩 Flag to mark mines; opening a number with as "
    "many flags around opens the rest."
)


def mines_status(board: Board, head: str) -> str:
    """The text above a Minesweeper board."""
    game, details = board.game, board.status.details
    clicks = f"{game.turns} click{'s' if game.turns != 1 else ''}"
    if game.solved:
        return f"{head}\n✅ Cleared in {solve_time(board)} with {clicks} (par {board.par})."
    if game.finished:
        exploded = details.get("exploded")
        if exploded is None:
            return f"{head}\n🏳 Given up after {clicks}."
        where = cell_name(exploded % game.width, exploded // game.width)
        ends = " This was your attempt at the daily." if game.daily_id is not None else ""
        return f"{head}\n💥 A mine went off at {where} after {clicks}: this game is lost.{ends}"
    parts = [
        f"🚩 {details['flags']}/{details['mines']} flagged",
        f"⛏ {len(game.state.opened)}/{game.width * game.height - details['mines']} open",
        clicks,
    ]
    if game.hints:
        parts.append(f"💡 {game.hints} (+{penalty(game.hints)} s)")
    parts.append(f"⏱ started <t:{int(game.started_at.timestamp())}:R>")
    fresh = game.turns == 0 and game.hints == 0 and game.version == 0
    return f"{head}\n" + " · ".join(parts) + (f"\n{MINES_GOAL}" if fresh else "")


def share_line(board: Board, streak: int) -> str:
    """``Pipes 2026-11-22 · 8×8 · ⏱ 4:28 · 87 turns (par 61) · 🔥5`` (no spoilers)."""
    game = board.game
    name = board.day.isoformat() if board.day else game.puzzle.short_code
    parts = [
        f"{board.kind.title} {name}",
        board.kind.label(board.puzzle),
        f"⏱ {solve_time(board)}",
        f"{game.turns} {MOVES[game.kind]} (par {board.par})",
    ]
    if streak > 1:
        parts.append(f"🔥{streak}")
    return " · ".join(parts)


def announcement(board: Board, rank: int | None, stats: UserStats | None) -> str:
    """The public win message: who solved what, time (with the hint penalty), turns vs par,
    rank, streak — and no picture of the solution."""
    game = board.game
    daily = "daily puzzle" if game.kind == "pipes" else f"daily {board.kind.title}"
    what = (
        f"the {daily} of {board.day.isoformat()} · {board.kind.label(board.puzzle)}"
        if board.day
        else game.puzzle.short_code
    )
    late = " (late)" if solved_late(game) else ""
    lines = [
        f"🎉 <@{game.owner_id}> solved {what}{late} in **{solve_time(board)}** with "
        f"{game.turns} {MOVES[game.kind]} (par {board.par})."
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
            f"`/{error.kind} new` or play today's puzzle with `/{error.kind} daily`."
        )
    if isinstance(error, NoSuchBoard):
        return "This board no longer exists. Start a new one with `/pipes new` or `/mines new`."
    if isinstance(error, BoardSolved):
        return f"This board is already solved. Start a new one with `/{error.kind} new`."
    if isinstance(error, BoardOver):
        return f"This game is over. Start a new one with `/{error.kind} new`."
    if isinstance(error, NoUnfinishedBoard):
        group = error.kind
        board = "Minesweeper board" if group == "mines" else "board"
        if error.anywhere:
            return (
                f"You have no unfinished {board}. Start one with `/{group} daily` or "
                f"`/{group} new`."
            )
        return (
            f"You have no unfinished {board} in this channel: start one with "
            f"`/{group} new` or `/{group} daily`."
        )
    return str(error)


def leaderboard(standings: Standings | None, day: date, params: object, kind: str = "pipes") -> str:
    """This server's and the global top results for a date's daily puzzle of a kind
    (``params``: the server's daily that date, for when there was none)."""
    engine = KINDS[kind]
    if standings is None:
        if isinstance(params, Params):
            what = f"{params.width}×{params.height} {params.level} daily puzzle"
        else:
            what = f"{engine.format_params(params)} daily {engine.title} puzzle"
        return f"No {what} was played on {day.isoformat()}."
    puzzle = load(standings.daily.puzzle)
    lines = [
        f"**Daily {engine.title} {day.isoformat()}** · {engine.label(puzzle)} · par {puzzle.par}"
    ]
    scopes = [("This server", standings.local)] if standings.local is not None else []
    scopes.append(("Everywhere", standings.everywhere))
    for label, results in scopes:
        lines.append(f"\n__{label}__")
        top = ranked(results)[:10]
        if not top:
            lines.append("No solves yet.")
        for standing in top:
            r = standing.result
            late = " · late" if r.late else ""
            lines.append(
                f"{standing.rank}. <@{r.user_id}> · {timed(r.seconds, r.hints)} · "
                f"{r.turns} {MOVES[kind]}{late}"
            )
    return "\n".join(lines)


def daily_setup(
    settings: GuildSettings, next_at: datetime, today: date, missing: list[str] | None
) -> str:
    """A server's daily post: where, when, what size (and from when a new one applies),
    the next post (at ``next_at``), whom it pings, and what stops it."""
    kinds = posted_kinds(settings)
    what = []
    if "pipes" in kinds:
        what.append(f"{settings.width}×{settings.height} Pipes")
    if "mines" in kinds:
        mines = KINDS["mines"].parse_params(settings.mines)
        what.append(f"{mines.width}×{mines.height} Minesweeper ({mines.mines} mines)")
    level = f"; Pipes {LEVEL_CHOICES[settings.level]}" if "pipes" in kinds else ""
    lines = [
        f"Daily {' and '.join(what)} puzzle in <#{settings.channel_id}> every day at "
        f"{settings.post_time:%H:%M} {settings.timezone}{level}."
    ]
    until, pending = settings.size_from, before_change(settings, today)
    if pending and settings.previous_mines and settings.previous_mines != settings.mines:
        lines.append(f"Until {until}, the daily Minesweeper stays {settings.previous_mines}.")
    if until is not None and pending and "pipes" in kinds:
        lines.append(
            f"Until {until.isoformat()} the daily stays "
            f"{settings.previous_width}×{settings.previous_height} "
            f"({level_on(settings.previous_level or 'normal', today)})."
        )
    if not settings.enabled:
        lines.append("The daily post is off: `/pipes-setup daily` turns it on.")
    elif settings.paused is not None:
        lines.append(f"⚠️ Paused: {settings.paused}. Fix it, then run `/pipes-setup daily`.")
    else:
        lines.append(f"Next post: <t:{int(next_at.timestamp())}:F>.")
    lines.append(f"Pings <@&{settings.role_id}>." if settings.role_id else "Pings nobody.")
    if missing:
        lines.append(f"⚠️ I am missing {', '.join(missing)} in that channel.")
    return "\n".join(lines)


PERIOD_NAMES = {"week": "Week", "month": "Month", "all": "All time"}
#: A server's daily level choice in words.
LEVEL_CHOICES = {
    "weekly": "easy on Monday and Tuesday, normal Wednesday to Friday, hard at the weekend",
    "easy": "always easy",
    "normal": "always normal",
    "hard": "always hard",
}


def period_leaderboard(
    period: str,
    day: date,
    local: list[PeriodStanding] | None,
    everywhere: list[PeriodStanding],
    kind: str = "pipes",
) -> str:
    """A week's, month's or all time's board: most dailies solved, then the lower total time
    (hint penalties included)."""
    first, last = period_dates(period, day)
    span = "" if period == "all" else f" {first.isoformat()} – {last.isoformat()}"
    name = KINDS[kind].title
    lines = [f"**Daily {name} — {PERIOD_NAMES[period]}{span}** · most days solved first"]
    scopes = [("This server", local)] if local is not None else []
    scopes.append(("Everywhere", everywhere))
    for label, standings in scopes:
        lines.append(f"\n__{label}__")
        if not standings:
            lines.append("No solves yet.")
        for standing in standings[:10]:
            lines.append(
                f"{standing.rank}. <@{standing.user_id}> · {standing.solves} "
                f"day{'s' if standing.solves != 1 else ''} solved · "
                f"{duration(standing.total)} in all"
            )
    return "\n".join(lines)


def stats(record: UserStats, kind: str = "pipes") -> str:
    """A user's daily record of a kind."""
    name = KINDS[kind].title
    if not record.solves:
        return f"<@{record.user_id}> has not solved a daily {name} puzzle yet."
    assert record.best_seconds is not None and record.average_seconds is not None
    return (
        f"**{name} stats of** <@{record.user_id}>\nDaily solves: {record.solves}\n"
        f"Best time: {duration(record.best_seconds)} (hints included) · "
        f"average: {duration(record.average_seconds)}\n"
        f"Streak: {record.current_streak} (longest {record.longest_streak}) — "
        "consecutive puzzle days"
    )


HELP = """**Daily Pipes** — turn the tiles until water from the ⛲ source reaches every \
pipe, with no loops and no open ends.
• `/pipes daily` or **Play** under the daily post: today's puzzle, on a board only you see; \
your time counts from when it is first shown.
• `/pipes new [size] [level] [wrap] [seed]`: a board of your own in this channel, e.g. \
`/pipes new 8x8 hard`. Levels: easy (edges and loops are all you need), normal, hard (the most \
reasoning about dead ends); wrap: pipes may leave one side and come back on the other.
• Tile buttons turn a tile; the mode button switches them between ↻ turn, ↺ turn back and \
🔒 lock. On larger boards ◀ Prev / Next ▶ move the window of buttons (framed on the image).
• `/pipes rotate cells:B3 C4x2 D1ccw`: turn tiles by coordinates (A1 is top-left; x2 = twice, \
ccw = back); `/pipes lock B3 C4` locks tiles so they cannot turn (again to unlock).
• `/pipes hint` turns one wrong tile right (+30 s on your time). `/pipes resume` brings your \
board back; `/pipes restart` starts it over; `/pipes giveup` shows the solution.
• `/pipes leaderboard [period] [date]` (day, week, month, all time), `/pipes stats [user]`.
• `/pipes datapack`: your puzzle as a Minecraft data pack + resource pack (Java 1.21.6–1.21.11).
• Server managers: `/pipes-setup daily`, `/pipes-setup status`, `/pipes-setup off`.
• Minesweeper that never needs a guess: `/mines help`."""


MINES_HELP = """**Daily Minesweeper** — open every cell without a mine. A number tells how many \
of its 8 neighbours hide a mine; every board is solvable by deduction alone from its first \
opening, which is done for you.
• `/mines daily` or **Play Minesweeper** under the daily post: today's board, only you see it; \
a mine ends your attempt.
• `/mines new [size] [mines] [seed]`: a board of your own, e.g. `/mines new expert` or \
`/mines new 12x10 20`.
• Buttons: ⛏ Open mode opens a cell (a number with as many flags around opens the rest); \
🚩 Flag mode flags or unflags. ◀ ▶ move the window of buttons.
• `/mines open B3 C4`, `/mines flag D5`: by coordinates (A1 is top-left).
• `/mines hint` (+30 s), `/mines resume`, `/mines leaderboard`, `/mines stats`."""
