"""Words the bot says about any kind: headings, timers, win announcements, share lines,
refusals, boards of results, stats, the daily setup. A kind's own words come from its face.
All Discord markup lives here, in the faces and in the views."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from itertools import pairwise
from typing import TYPE_CHECKING, Any, TypeVar

from discord import AppCommandOptionType, app_commands
from discord.utils import escape_markdown, escape_mentions

from db import DailyPuzzle, Game, GuildSettings, PuzzleRecord
from play import (
    Board,
    BoardOver,
    BoardSolved,
    LastBoardOver,
    MoveRefused,
    NoSuchBoard,
    NotYourBoard,
    NoUnfinishedBoard,
    PeriodStanding,
    Played,
    Risky,
    Standing,
    Standings,
    UserError,
    UserStats,
    load,
    penalty,
    ranked,
    solved_late,
)  # fmt: skip
from play.daily import choice_on, pending
from play.history import RESTART
from play.recap import KindRecap
from play.scoring import TIME_BUCKETS, period_dates
from play.service import MAX_MOVES
from play.streaks import FREEZE_EVERY, FREEZES_HELD
from puzzle import Graded, Kind

if TYPE_CHECKING:
    from .face import Face

T = TypeVar("T")
#: An undo's answer names at most this many of the moves it took back.
UNDONE_NAMED = 5
#: A board for everyone's message names at most this many of its players, its win line
#: this many of those who moved (the rest are counted), so either fits one message.
MOVERS_SHOWN, WINNERS_NAMED = 10, 50
#: The line a fresh board for everyone shows under its goal.
TOGETHER_FRESH = "👥 A board for everyone here: anyone in this channel plays it with its buttons."
#: A subcommand of a kind's group, and the group.
Command = app_commands.Command[Any, ..., Any] | app_commands.Group
Group = app_commands.Group


def duration(seconds: float) -> str:
    """4:28, or 1:02:03 past an hour."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def timed(seconds: float, hints: int) -> str:
    """A time as it is ranked, the hint penalty shown the same way everywhere, as a time:
    '4:28', or '4:58 (4:28 + 0:30 for 1 hint)'."""
    if not hints:
        return duration(seconds)
    extra = penalty(hints)
    return (
        f"{duration(seconds + extra)} ({duration(seconds)} + {duration(extra)} for {hints} "
        f"hint{'s' if hints != 1 else ''})"
    )


def solve_time(board: Board) -> str:
    """How long a solved game took, from when its board was first shown, with hints."""
    game = board.game
    assert game.finished_at is not None
    return timed((game.finished_at - game.started_at).total_seconds(), game.hints)


def started(game: Game) -> list[str]:
    """The running parts of a status line: hints taken (their penalty as a time) and the
    timer."""
    parts = [f"💡 {game.hints} (+{duration(penalty(game.hints))})"] if game.hints else []
    return [*parts, f"⏱ started <t:{int(game.started_at.timestamp())}:R>"]


def title(board: Board) -> str:
    """'Daily Pipes 2026-11-22', 'Daily Pipes 2026-11-22 (archive)', 'Pipes 6x6-abc' or,
    for a board for everyone, 'Pipes 6x6-abc (together)'."""
    name = board.kind.title
    if board.day is not None:
        return f"Daily {name} {board.day.isoformat()}" + (" (archive)" if board.archive else "")
    return f"{name} {board.game.puzzle.short_code}" + (" (together)" if board.shared else "")


def graded(kind: Kind[Any, Any, Any, Any], puzzle: PuzzleRecord) -> str:
    """' · grade 2.4': the puzzle's grade (its ``difficulty``, a graded kind's own measure
    of how hard it is to solve), for a puzzle its kind's current generator made; empty for
    one an older generator made, whose difficulty measured something else."""
    if not isinstance(kind, Graded) or puzzle.generator != kind.generator:
        return ""
    return f" · grade {puzzle.difficulty:.3g}"


def status(board: Board, face: Face) -> str:
    """The text above a board: what it is (its level and grade), then the face's lines (what
    the checker found, the counters, a running timer), and the goal on a fresh board."""
    game = board.game
    head = (
        f"**{title(board)}** · {board.kind.label(board.puzzle)} · {face.par_text(board.par)}"
        f"{graded(board.kind, game.puzzle)}"
    )
    fresh = not game.finished and game.turns == 0 and game.hints == 0 and game.version == 0
    text = f"{head}\n{face.body(board)}" + (f"\n{face.goal}" if fresh else "")
    if board.shared:
        text += f"\n{movers(board)}" if board.movers else f"\n{TOGETHER_FRESH}"
    return text


def movers(board: Board) -> str:
    """Who made how many moves on a board for everyone, most first: '👥 Moves: @Alice 12 ·
    @Bob 7' (the first ``MOVERS_SHOWN``, then how many more played)."""
    shown = [f"<@{user}> {count}" for user, count in board.movers[:MOVERS_SHOWN]]
    more = len(board.movers) - MOVERS_SHOWN
    return "👥 Moves: " + " · ".join(shown) + (f" · {more} more players" if more > 0 else "")


def _solvers(board: Board) -> str:
    """Who solved a board: its owner, or everyone who moved on a board for everyone ('@Alice,
    @Bob and @Cy', the first ``WINNERS_NAMED`` and how many others)."""
    if not board.shared or not board.movers:
        return f"<@{board.game.owner_id}>"
    named = [f"<@{user}>" for user, _ in board.movers[:WINNERS_NAMED]]
    if (others := len(board.movers) - WINNERS_NAMED) > 0:
        named.append(f"{others} others")
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def given_up(board: Board, face: Face, shows: str = "the solution") -> str:
    """A given-up board's line: '🏳 Given up after 12 turns: the picture shows the
    solution.' — of a daily still running somewhere, when its solution will show."""
    shown = (
        f"the picture shows {shows}"
        if board.solution_public
        else "the solution shows once this date is over everywhere"
    )
    return f"🏳 Given up after {face.counted(board.game.turns)}: {shown}."


def hinted(face: Face, moves: Sequence[str]) -> str:
    """What a hint did, in the interface's words: '💡 The hint turned B3 ↻ once (+0:30 on
    your time).'"""
    return f"💡 The hint {', '.join(map(face.said, moves))} ({hint_penalty()})."


def share_line(board: Board, streak: int, face: Face) -> str:
    """``Pipes 2026-11-22 · 8×8 · ⏱ 4:28 · 87 turns (par 61 turns) · 🔥5`` (no
    spoilers)."""
    game = board.game
    name = board.day.isoformat() if board.day else game.puzzle.short_code
    if board.archive or board.shared:
        name += " (archive)" if board.archive else " (together)"
    parts = [
        f"{board.kind.title} {name}",
        board.kind.label(board.puzzle),
        f"⏱ {solve_time(board)}",
        face.tally(game.turns, board.status.points, board.par),
    ]
    if streak > 1:
        parts.append(f"🔥{streak}")
    return " · ".join(parts)


def announcement(board: Board, rank: int | None, stats: UserStats | None, face: Face) -> str:
    """The public win message: who solved what, time (with the hint penalty), moves vs par,
    rank, streak — and no picture of the solution."""
    game = board.game
    what = game.puzzle.short_code
    if board.day is not None:
        day, label = board.day.isoformat(), board.kind.label(board.puzzle)
        what = (
            f"{board.kind.title} {label} from the archive of {day}"
            if board.archive
            else f"the daily {board.kind.title} of {day} · {label}"
        )
    late = " (late)" if solved_late(game) else ""
    if board.shared:
        what += " together"
    lines = [
        f"🎉 {_solvers(board)} solved {what}{late} in **{solve_time(board)}** with "
        f"{face.tally(game.turns, board.status.points, board.par)}."
    ]
    extra = []
    if rank is not None and board.day is not None:
        extra.append(f"#{rank} on this server for {board.day.isoformat()}")
    if stats is not None and stats.current_streak > 1:
        extra.append(f"🔥 {stats.current_streak}-day streak")
    if extra:
        lines.append(" · ".join(extra))
    streak = stats.current_streak if stats else 0
    lines.append(f"```\n{share_line(board, streak, face)}\n```")
    return "\n".join(lines)


def refusal(error: UserError, faces: Mapping[str, Face]) -> str:
    """A refused request in one sentence, naming the command that helps, and under it the
    board it was about (when it was about one)."""
    said = _refusal(error, faces)
    return said if error.board is None else f"{said}\n-# {error.board}"


def _refusal(error: UserError, faces: Mapping[str, Face]) -> str:
    if isinstance(error, NotYourBoard):
        return (
            f"This board belongs to <@{error.owner_id}>. Start your own with "
            f"`/{error.kind} new` or play today's puzzle with `/{error.kind} daily`."
        )
    if isinstance(error, NoSuchBoard):
        commands = " or ".join(f"`/{name} new`" for name in faces)
        return f"This board no longer exists. Start a new one with {commands}."
    if isinstance(error, BoardSolved):
        return f"This board is already solved. Start a new one with `/{error.kind} new`."
    if isinstance(error, BoardOver):
        return f"This game is over. Start a new one with `/{error.kind} new`."
    if isinstance(error, MoveRefused) and error.fix and error.kind in faces:
        return f"{str(error).rstrip('.')} ({faces[error.kind].explain(error.fix)})."
    if isinstance(error, LastBoardOver):
        kind = error.over.game.kind
        return (
            f"Your last board, {title(error.over)}, is over: `/{kind} resume` brings back an "
            f"unfinished one, `/{kind} new` starts another."
        )
    if isinstance(error, NoUnfinishedBoard):
        group = error.kind
        board = faces[group].board_noun if group in faces else "board"
        return f"You have no unfinished {board}. Start one with `/{group} daily` or `/{group} new`."
    return str(error)


def ask_first(risky: Risky, command: str) -> str:
    """The question before a typed action that could end a daily attempt on a daily other
    than the board last played: what it would do, and where."""
    board = title(risky.board)
    if risky.moves is None:
        return (
            f"This would give up {board}, your only attempt, and not the board you last "
            "played. Give it up?"
        )
    return (
        f"This would play `{command}` on {board}, your only attempt, and not on the board you "
        "last played. Play it there?"
    )


def leaderboard(standings: Standings | None, day: date, face: Face) -> str:
    """This server's and the global top results for a date's daily puzzle of a kind."""
    kind = face.kind
    if standings is None:
        return f"No daily {kind.title} puzzle was played here on {day.isoformat()}."
    lines = [_daily_line(face, standings.daily)]
    scopes = _scopes(standings.local, standings.everywhere, lambda r: (r.user_id, r.game_id))
    here = {r.user_id for r in standings.local or []}
    for label, results in scopes:
        lines.append(f"\n__{label}__")
        top = ranked(results, kind.scoring)[:10]
        if not top:
            lines.append("No solves yet.")
        for standing in top:
            r = standing.result
            lines.append(_standing(standing, face, _player(r.name, r.user_id, here)))
    return "\n".join(lines)


def _standing(standing: Standing, face: Face, player: str) -> str:
    """One line of a day's board: '1. name · 1:02 · 14 turns', what ranks first first."""
    r = standing.result
    late = " · late" if r.late else ""
    measures = [timed(r.seconds, r.hints), face.counted(r.turns)]
    if face.kind.scoring.by != "time":
        measures.reverse()
    if face.by_points:
        measures.insert(0, face.scored(r.points or 0))
    return f"{standing.rank}. {player} · {' · '.join(measures)}{late}"


def _daily_line(face: Face, daily: DailyPuzzle) -> str:
    """A daily's heading, as the post and the leaderboard write it: '**Daily Pipes
    2026-11-22** · 8×8 weekly · par 61 turns'."""
    kind, puzzle = face.kind, load(daily.puzzle)
    return (
        f"**Daily {kind.title} {daily.date.isoformat()}** · {kind.label(puzzle)} · "
        f"{face.par_text(kind.par(puzzle))}{graded(kind, daily.puzzle)}"
    )


#: A recap names at most this many players of a kind beyond its top (then "and N more").
RECAP_NAMED = 10
#: The top results a recap shows per kind.
RECAP_TOP = 3


def recap(day: date, kinds: Sequence[KindRecap], faces: Mapping[str, Face]) -> str:
    """The day's recap: per kind its heading, how many played and solved, the server's
    streak, the top results, who else solved and whose streak a freeze kept (mentions: the
    message pings nobody), and
    one share line for the server; fitted into one message (fewer names if need be)."""
    for named in (RECAP_NAMED, 3, 0):
        text = _recap(day, kinds, faces, named)
        if len(text) <= 2000:
            break
    return text


def _recap(day: date, kinds: Sequence[KindRecap], faces: Mapping[str, Face], named: int) -> str:
    lines = [f"📋 **The day's recap — {day.isoformat()}** (the solutions are in the picture)"]
    shared = []
    for one in kinds:
        face = faces[one.kind]
        solvers = [s for s in one.standings if not s.result.late]
        streak = f" · 🔥 {one.streak} days in a row here" if one.streak > 1 else ""
        lines.append(
            f"{face.icon} {_daily_line(face, one.daily)} · {one.players} played, "
            f"{len(solvers)} solved{streak}"
        )
        if not solvers:
            lines.append(f"Nobody solved yesterday's Daily {face.kind.title}.")
        lines += [_standing(s, face, f"<@{s.result.user_id}>") for s in solvers[:RECAP_TOP]]
        rest = solvers[RECAP_TOP:]
        if rest:
            shown = " ".join(f"<@{s.result.user_id}>" for s in rest[:named])
            more = len(rest) - min(named, len(rest))
            tail = f" and {more} more" if more and shown else f"{more} more" if more else ""
            lines.append(f"Also solved: {shown}{tail}.")
        if one.frozen and named:
            kept = " ".join(f"<@{user}>" for user in one.frozen[:named])
            others = f" and {len(one.frozen) - named} more" if len(one.frozen) > named else ""
            lines.append(f"🧊 A streak freeze kept the streak of {kept}{others}.")
        fire = f" 🔥{one.streak}" if one.streak > 1 else ""
        shared.append(f"{face.kind.title} {len(solvers)}/{one.players}{fire}")
    lines.append(f"```\nDaily puzzles {day.isoformat()} · {' · '.join(shared)}\n```")
    return "\n".join(lines)


def daily_setup(
    settings: GuildSettings,
    next_at: datetime,
    today: date,
    missing: list[str] | None,
    faces: Mapping[str, Face],
) -> str:
    """A server's daily post: where and when, then one line per kind it carries (its
    parameters, and a change still to come), the kinds it does not, the next post (at
    ``next_at``), whom it pings, whether the day's recap follows, and what stops it."""
    rows = [row for row in settings.dailies if row.posted and row.kind in faces]
    where = (
        f"in <#{settings.channel_id}> every day at {settings.post_time:%H:%M} {settings.timezone}"
        if settings.channel_id is not None
        else "once `/pipes-setup daily` picks its channel"
    )
    lines = [f"Daily post {where}" + (", with:" if rows else ", with no puzzle.")]
    for row in rows:
        face = faces[row.kind]
        line = f"• {face.icon} {_daily_words(face, choice_on(row, today))}"
        if pending(row, today) and row.since and row.previous not in (None, row.choice):
            line += f"; from {row.since.isoformat()}: {_daily_words(face, row.choice)}"
        lines.append(line)
    posted = {row.kind for row in rows}
    if off := [face.kind.title for name, face in faces.items() if name not in posted]:
        lines.append(f"Not in the post: {', '.join(off)} (`/pipes-setup kind` puts one in).")
    if not settings.enabled:
        lines.append("The daily post is off: `/pipes-setup daily` turns it on.")
    elif settings.paused is not None:
        lines.append(f"⚠️ Paused: {settings.paused}. Fix it, then run `/pipes-setup daily`.")
    else:
        lines.append(f"Next post: <t:{int(next_at.timestamp())}:F>.")
    lines.append(f"Pings <@&{settings.role_id}>." if settings.role_id else "Pings nobody.")
    lines.append(
        "The day's recap is posted when the day ends (`/pipes-setup daily recap:False` "
        "turns it off)."
        if settings.recap
        else "No recap of the day (`/pipes-setup daily recap:True` turns it on)."
    )
    if missing:
        lines.append(f"⚠️ I am missing {', '.join(missing)} in that channel.")
    return "\n".join(lines)


def _daily_words(face: Face, choice: str) -> str:
    """A daily choice in words, or as stored when its kind refuses it (the status says why)."""
    try:
        return face.daily_words(choice)
    except ValueError:
        return f"{face.kind.title} {choice}"


def _scopes(
    local: list[T] | None, everywhere: list[T], key: Callable[[T], object]
) -> list[tuple[str, list[T]]]:
    """The lists a leaderboard shows: this server's, and everyone's only when it differs
    (in what it holds: storage may give the same results in another order)."""
    if local is None:
        return [("Everywhere", everywhere)]
    if {key(x) for x in local} == {key(x) for x in everywhere}:
        return [("This server", local)]
    return [("This server", local), ("Everywhere", everywhere)]


def _player(name: str | None, user_id: int, here: set[int]) -> str:
    """A player as leaderboards name them: by the name they had when they played, shown as
    written (no markup, no mention); without one (a result stored before names were
    kept), by a mention where they played (``here``: this server's players), else as 'a
    player' (a mention from another server does not resolve)."""
    if name:
        return escape_markdown(escape_mentions(name))
    return f"<@{user_id}>" if user_id in here else "a player"


PERIOD_NAMES = {"week": "Week", "month": "Month", "all": "All time"}


def period_leaderboard(
    period: str,
    day: date,
    local: list[PeriodStanding] | None,
    everywhere: list[PeriodStanding],
    face: Face,
) -> str:
    """A week's, month's or all time's board: most dailies solved, then (a kind scored by
    moves) the fewer moves in all, then the lower total time (hint penalties included)."""
    first, last = period_dates(period, day)
    span = "" if period == "all" else f" {first.isoformat()} – {last.isoformat()}"
    name = face.kind.title
    lines = [f"**Daily {name} — {PERIOD_NAMES[period]}{span}** · most days solved first"]
    by_moves = face.kind.scoring.by == "moves"
    scopes = _scopes(local, everywhere, lambda s: (s.user_id, s.solves, s.moves, s.total))
    here = {s.user_id for s in local or []}
    for label, standings in scopes:
        lines.append(f"\n__{label}__")
        if not standings:
            lines.append("No solves yet.")
        for standing in standings[:10]:
            lines.append(
                f"{standing.rank}. {_player(standing.name, standing.user_id, here)} · "
                f"{standing.solves} "
                f"day{'s' if standing.solves != 1 else ''} solved · "
                + (f"{face.counted(standing.moves)} and " if by_moves else "")
                + (f"{face.scored(standing.points)} and " if face.by_points else "")
                + f"{duration(standing.total)} in all"
            )
    return "\n".join(lines)


def stats(record: UserStats, face: Face) -> str:
    """A user's record of a kind: their own boards started and solved; dailies played and
    solved, win rate, best and average time, streaks, and their solve times as bars."""
    name = face.kind.title
    if not record.played and not record.boards:
        return f"<@{record.user_id}> has not played {name} yet."
    lines = [
        f"**{name} stats of** <@{record.user_id}>",
        f"Boards of their own: {record.boards} started · {record.boards_solved} solved",
    ]
    if not record.played:
        lines.append("Dailies: none played yet.")
        return "\n".join(lines)
    lines.append(
        f"Dailies played: {record.played} · solved: {record.solves} · "
        f"win rate: {record.win_percent}%"
    )
    if record.best_seconds is not None and record.average_seconds is not None:
        lines.append(
            f"Best time: {duration(record.best_seconds)} · average: "
            f"{duration(record.average_seconds)} (hints included)"
        )
    lines.append(
        f"Streak: {record.current_streak} · longest: {record.longest_streak} "
        "(puzzle days in a row, each solved on its day)"
    )
    lines.append(_freezes(record))
    if record.solves:
        lines.append(f"Solve times:\n```\n{_time_bars(record.time_counts)}\n```")
    lines.append(
        "-# Played: dailies solved, lost or given up, and those left unfinished once "
        "their day ended."
    )
    lines.append(
        f"-# 🧊 Every {FREEZE_EVERY} dailies solved on their day earn a streak freeze (at most "
        f"{FREEZES_HELD} held): it covers one missed day of a streak, adding no day to it."
    )
    return "\n".join(lines)


def _freezes(record: UserStats) -> str:
    """The streak freezes held, and those the current streak used (or the last one used):
    '🧊 Freezes: 1 used on 11-26, 1 left'."""
    left, used = f"{record.freezes} left", record.frozen
    if len(used) > 1:
        return f"🧊 Freezes: {len(used)} used in this streak, the last on {used[-1]:%m-%d}, {left}"
    if used:
        return f"🧊 Freezes: 1 used on {used[0]:%m-%d}, {left}"
    if record.last_frozen is not None:
        return f"🧊 Freezes: {left} (the last used on {record.last_frozen.isoformat()})"
    return f"🧊 Freezes: {left}"


#: The longest bar of a distribution, in blocks.
BAR = 12


def _time_bars(counts: tuple[int, ...]) -> str:
    """One line per bucket of ``TIME_BUCKETS``, from the fastest solved to the slowest: its
    range, a bar as long as its share of the largest, and its count."""
    edges = [duration(seconds) for seconds in TIME_BUCKETS]
    labels = [f"< {edges[0]}", *(f"{a}–{b}" for a, b in pairwise(edges)), f"{edges[-1]}+"]
    shown = [k for k, count in enumerate(counts) if count]
    span = range(shown[0], shown[-1] + 1)
    width, top = max(len(labels[k]) for k in span), max(counts)
    lines = []
    for k in span:
        bar = "█" * (max(1, round(BAR * counts[k] / top)) if counts[k] else 0)
        lines.append(f"{labels[k]:<{width}} {bar:<{BAR}} {counts[k]}")
    return "\n".join(lines)


def _gloss(face: Face, name: str) -> str:
    """What the help adds to a shared subcommand's name, beyond its options."""
    if name == "hint":
        return f" (+{duration(penalty(1))})"
    if name == "undo":
        return " (last click or command)"
    if name == "remind":
        return " (a DM when you haven't played)"
    if name == "datapack" and face.pack:
        return f" ({face.pack.description[:1].lower()}{face.pack.description[1:]})"
    return ""


def undone(played: Played, face: Face) -> str:
    """What an undo took back and what it counted: '↶ Undone: turned B3 ↻ once (+1 turn).'"""
    moves = played.undone
    if moves == (RESTART,):
        what = "the restart"
    else:
        what = ", ".join(map(face.said, moves[:UNDONE_NAMED]))
        if len(moves) > UNDONE_NAMED:
            what += f" and {len(moves) - UNDONE_NAMED} more"
    return f"↶ Undone: {what} (+{face.counted(1)})."


def hint_penalty() -> str:
    """What one hint costs, from the scoring constant: '+0:30 on your time'."""
    return f"+{duration(penalty(1))} on your time"


def usage(kind: str, command: Command) -> str:
    """A subcommand as the help names it, options in brackets: '`/pipes stats [user]`'."""
    parameters = command.parameters if isinstance(command, app_commands.Command) else []
    options = "".join(f" [{p.name}]" for p in parameters)
    return f"`/{kind} {command.name}{options}`"


def limits(commands: Sequence[Command]) -> str:
    """What a typed move command takes at most, from the service's limit and the options'
    declared lengths: '• Typed commands: at most 50 moves and 400 characters.'"""
    lengths = [
        p.max_value
        for c in commands
        if isinstance(c, app_commands.Command)
        for p in c.parameters
        if p.type is AppCommandOptionType.string and isinstance(p.max_value, int)
    ]
    return (
        f"• Typed commands: at most {MAX_MOVES} moves and {max(lengths)} characters."
        if lengths
        else ""
    )


def shared_help(face: Face, commands: Sequence[Command]) -> str:
    """The help's lines for the subcommands every kind's group has (its ``daily``, ``hint``
    …), read off the group's commands: whatever the group has is named (all but ``daily``
    without their options: Discord's command picker shows them), nothing else; then the
    limits of the kind's typed moves."""
    kind, own = face.name, {"new", "help", *(verb.name for verb in face.verbs)}
    shared = {c.name: c for c in commands if c.name not in own}
    lines = []
    if daily := shared.pop("daily", None):
        lines.append(
            f"• {usage(kind, daily)} or **Play {face.kind.title}** under the daily post: today's "
            "board, yours alone."
        )
    if shared:
        # Named without their options (Discord's command picker shows them): one message.
        named = [f"`/{kind} {c.name}`{_gloss(face, c.name)}" for c in shared.values()]
        lines.append(f"• {', '.join(named)}.")
    verbs = {verb.name for verb in face.verbs}
    if said := limits([c for c in commands if c.name in verbs]):
        lines.append(said)
    return "\n".join(lines)


def help_text(face: Face, faces: Mapping[str, Face], group: Group) -> str:
    """A kind's help (its own words, then its group's shared subcommands), then where the
    others are helped."""
    others = ", ".join(f"`/{name} help`" for name, f in faces.items() if f is not face)
    return (
        face.help
        + f"\n{shared_help(face, group.commands)}"
        + (f"\n• Other puzzles: {others}." if others else "")
        + "\n• Server managers: `/pipes-setup daily` (where and when), `/pipes-setup kind` "
        "(which puzzles, and how), `/pipes-setup status`, `/pipes-setup off`."
    )
