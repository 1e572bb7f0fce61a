"""The SQL both backends run, written once with ``?`` placeholders (SQLite's; PostgreSQL's
backend numbers them with ``numbered``). Only what the two dialects share is used:
``ON CONFLICT … DO NOTHING``, ``RETURNING``, ``CAST``."""

from __future__ import annotations

import functools

PUZZLE_COLUMNS = (
    "p.id AS p_id, p.kind, p.params, p.seed, p.width, p.height, p.description, p.solution, "
    "p.par, p.difficulty, p.generator"
)
GAMES = f"SELECT g.*, {PUZZLE_COLUMNS} FROM games g JOIN puzzles p ON p.id = g.puzzle_id"
DAILIES = (
    f"SELECT d.id, d.date, {PUZZLE_COLUMNS} FROM daily_puzzles d "
    "JOIN puzzles p ON p.id = d.puzzle_id"
)
RESULTS = "SELECT r.*, d.date, d.kind FROM results r JOIN daily_puzzles d ON d.id = r.daily_id"
#: ``? IS NULL`` needs a type on PostgreSQL: an optional server filter takes its id twice.
_IN_GUILD = "(CAST(? AS BIGINT) IS NULL OR r.guild_id = ?)"

# -- puzzles --------------------------------------------------------------------------------
STORE_PUZZLE = """INSERT INTO puzzles (kind, params, seed, width, height, description,
    solution, par, difficulty, generator, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"""
PUZZLE = f"SELECT {PUZZLE_COLUMNS} FROM puzzles p WHERE p.kind = ? AND p.params = ? AND p.seed = ?"

# -- games ----------------------------------------------------------------------------------
GAME = f"{GAMES} WHERE g.id = ?"
#: The next number in the order its owner played or opened their games (``games`` being the
#: game at hand, or the owner's id given as a parameter).
_NEXT_ORDER = (
    "(SELECT COALESCE(MAX(o.opened_order), 0) + 1 FROM games o WHERE o.owner_id = {owner})"
)
#: A new game, which its owner opened; ``{one}``: the one game a player has of something.
_CREATE_GAME = f"""INSERT INTO games (puzzle_id, state, owner_id, mode, guild_id, channel_id,
    daily_id, started_at, day_ends, opened_order) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,
    {_NEXT_ORDER.format(owner="?")})
    ON CONFLICT {{one}} DO NOTHING RETURNING id"""
#: A player's daily game is created once: a second one returns no id.
CREATE_GAME = _CREATE_GAME.format(one="(owner_id, daily_id) WHERE daily_id IS NOT NULL")
#: So is a player's archive game of a (daily's) puzzle, and their game of a race's puzzle.
CREATE_ARCHIVE_GAME = _CREATE_GAME.format(one="(owner_id, puzzle_id) WHERE mode = 'archive'")
CREATE_RACE_GAME = _CREATE_GAME.format(one="(owner_id, puzzle_id) WHERE mode = 'race'")
#: Its owner opened a game still being played (shown again): the one they opened last.
OPEN_GAME = f"""UPDATE games SET opened_order = {_NEXT_ORDER.format(owner="games.owner_id")}
    WHERE id = ? AND outcome = 'playing'"""
#: Owner and kind: their games, the one they played or opened last first.
#: A board for everyone (mode 'shared') is played with its buttons alone: never one a typed
#: command of its starter means.
_BY_ORDER = f"{GAMES} WHERE g.owner_id = ? AND p.kind = ? AND g.mode <> 'shared'"
LAST_OPENED = f"{_BY_ORDER} ORDER BY g.opened_order DESC, g.id DESC LIMIT 1"
LAST_OPENED_PLAYING = (
    f"{_BY_ORDER} AND g.outcome = 'playing' ORDER BY g.opened_order DESC, g.id DESC LIMIT 1"
)
#: Owner and kind: their game still being played that they made a move on last.
LAST_PLAYED = """SELECT g.id FROM games g JOIN puzzles p ON p.id = g.puzzle_id
    WHERE g.owner_id = ? AND p.kind = ? AND g.outcome = 'playing' AND g.mode <> 'shared'
    AND g.played_order IS NOT NULL ORDER BY g.played_order DESC, g.id DESC LIMIT 1"""
#: Owner and kind: how many of their own boards (no dailies, archive, shared or race
#: boards) stand at each outcome.
OWN_BOARDS = """SELECT g.outcome, COUNT(*) AS boards FROM games g
    JOIN puzzles p ON p.id = g.puzzle_id
    WHERE g.owner_id = ? AND p.kind = ? AND g.daily_id IS NULL
    AND g.mode NOT IN ('archive', 'shared', 'race') GROUP BY g.outcome"""
DAILY_GAME_ID = "SELECT id FROM games WHERE owner_id = ? AND daily_id = ?"
ARCHIVE_GAME_ID = "SELECT id FROM games WHERE owner_id = ? AND puzzle_id = ? AND mode = 'archive'"
RACE_GAME_ID = "SELECT id FROM games WHERE owner_id = ? AND puzzle_id = ? AND mode = 'race'"
INTERACTION_GAME = "SELECT game_id FROM interactions WHERE id = ?"
#: Returns the id only for an interaction not recorded before.
RECORD_INTERACTION = """INSERT INTO interactions (id, game_id, at) VALUES (?, ?, ?)
    ON CONFLICT DO NOTHING RETURNING id"""
SET_GAME_MESSAGE = "UPDATE games SET channel_id = ?, message_id = ? WHERE id = ?"
#: Owner, then the channel twice (None: every channel).
UNFINISHED_GAMES = f"""{GAMES} WHERE g.owner_id = ? AND g.outcome = 'playing'
    AND (CAST(? AS BIGINT) IS NULL OR g.channel_id = ?) ORDER BY g.id DESC"""
DAILY_GAME = f"{GAMES} WHERE g.owner_id = ? AND g.daily_id = ?"
ARCHIVE_GAME = f"{GAMES} WHERE g.owner_id = ? AND g.puzzle_id = ? AND g.mode = 'archive'"
#: A race's games (of its puzzle), in the order they were made.
RACE_GAMES = f"{GAMES} WHERE g.puzzle_id = ? AND g.mode = 'race' ORDER BY g.id"
#: The game a change reads, without its puzzle (a puzzle never changes: the backends keep
#: them by id), and ``seen``: the id of the interaction (first parameter) if it was applied
#: before, else NULL (also for a NULL interaction).
CHANGING_GAME = """SELECT g.*, i.id AS seen FROM games g LEFT JOIN interactions i ON i.id = ?
    WHERE g.id = ?"""
#: The interaction that made a change, once (the change reads ``seen`` first).
ADD_INTERACTION = "INSERT INTO interactions (id, game_id, at) VALUES (?, ?, ?)"
#: A move is a play: the game becomes the one its owner played, and opened, last (one
#: number for both, counted once).
UPDATE_GAME = """UPDATE games SET state = ?, turns = turns + ?, hints = hints + ?,
    version = version + 1, outcome = ?, finished_at = ?, (opened_order, played_order) =
    (SELECT COALESCE(MAX(o.opened_order), 0) + 1, COALESCE(MAX(o.opened_order), 0) + 1
    FROM games o WHERE o.owner_id = games.owner_id) WHERE id = ?"""
ADD_MOVE = """INSERT INTO moves (game_id, user_id, move, hint, at, version)
    VALUES (?, ?, ?, ?, ?, ?)"""
ADD_RESULT = """INSERT INTO results (daily_id, user_id, guild_id, game_id, seconds, turns,
    hints, solved_at, late, points, name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT DO NOTHING"""
MOVES = "SELECT * FROM moves WHERE game_id = ? ORDER BY id"
#: Who made a game's moves and how many each, most first (then who moved first).
MOVERS = """SELECT user_id, COUNT(*) AS moves FROM moves WHERE game_id = ?
    GROUP BY user_id ORDER BY COUNT(*) DESC, MIN(id)"""

# -- servers and daily posts ----------------------------------------------------------------
#: A server's settings with its daily rows: one row per daily kind (the settings' columns
#: repeated), or one with NULL daily columns for a server without any. One statement reads
#: both, so they come from one snapshot.
SETTINGS = """SELECT s.guild_id, s.channel_id, s.post_time, s.timezone, s.enabled,
    s.configured_by, s.failures, s.paused, s.role_id, s.activity, s.recap, k.kind, k.choice,
    k.posted, k.position, k.since, k.previous
    FROM guild_settings s LEFT JOIN daily_kinds k ON k.guild_id = s.guild_id"""
GUILD_SETTINGS = f"{SETTINGS} WHERE s.guild_id = ?"
ENABLED_GUILDS = f"{SETTINGS} WHERE s.enabled = TRUE ORDER BY s.guild_id"
SAVE_GUILD_SETTINGS = """INSERT INTO guild_settings (guild_id, channel_id, post_time,
    timezone, enabled, configured_by, failures, paused, role_id, activity, recap, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id,
    post_time = excluded.post_time, timezone = excluded.timezone, enabled = excluded.enabled,
    configured_by = excluded.configured_by, failures = excluded.failures,
    paused = excluded.paused, role_id = excluded.role_id, activity = excluded.activity,
    recap = excluded.recap, updated_at = excluded.updated_at"""
SAVE_DAILY_KIND = """INSERT INTO daily_kinds (guild_id, kind, choice, posted, position, since,
    previous) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (guild_id, kind) DO UPDATE SET choice = excluded.choice,
    posted = excluded.posted, position = excluded.position, since = excluded.since,
    previous = excluded.previous"""
SET_POST_STATE = "UPDATE guild_settings SET failures = ?, paused = ? WHERE guild_id = ?"
STORE_DAILY = """INSERT INTO daily_puzzles (date, kind, params, puzzle_id, created_at)
    VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"""
DAILY_PUZZLE = f"{DAILIES} WHERE d.date = ? AND d.kind = ? AND d.params = ?"
DAILY_PUZZLE_BY_ID = f"{DAILIES} WHERE d.id = ?"
DAILY_OF_PUZZLE = f"{DAILIES} WHERE d.puzzle_id = ?"
#: Kind, first and last date, the server three times (None: direct messages), how many:
#: the dailies of dates a server posted, or that were played there, newest first.
DAILIES_HERE = f"""{DAILIES} WHERE d.kind = ? AND d.date BETWEEN ? AND ? AND (
    EXISTS (SELECT 1 FROM daily_posts o WHERE o.guild_id = ? AND o.date = d.date)
    OR EXISTS (SELECT 1 FROM games g WHERE g.daily_id = d.id
        AND (g.guild_id = ? OR (CAST(? AS BIGINT) IS NULL AND g.guild_id IS NULL))))
    ORDER BY d.date DESC, d.id LIMIT ?"""
#: Returns a row only for the one caller whose claim is new.
CLAIM_POST = """INSERT INTO daily_posts (guild_id, date, daily_id, channel_id, claimed_at)
    VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING guild_id"""
#: Returns a row only for the one caller who takes the stale claim over.
RECLAIM_POST = """UPDATE daily_posts SET claimed_at = ? WHERE guild_id = ? AND date = ?
    AND message_id IS NULL AND claimed_at < ? RETURNING guild_id"""
SET_POST_MESSAGE = "UPDATE daily_posts SET message_id = ? WHERE guild_id = ? AND date = ?"
DAILY_POST = "SELECT * FROM daily_posts WHERE guild_id = ? AND date = ?"
#: The day's recap, claimed like the post: a row only for the one caller whose claim is new,
#: or who takes over a claim still without its message made before the time given.
CLAIM_RECAP = """INSERT INTO daily_recaps (guild_id, date, channel_id, claimed_at)
    VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING guild_id"""
RECLAIM_RECAP = """UPDATE daily_recaps SET claimed_at = ? WHERE guild_id = ? AND date = ?
    AND message_id IS NULL AND claimed_at < ? RETURNING guild_id"""
SET_RECAP_MESSAGE = "UPDATE daily_recaps SET message_id = ? WHERE guild_id = ? AND date = ?"
#: A daily and a server: how many played it there (boards opened).
DAILY_PLAYERS = "SELECT COUNT(*) FROM games WHERE daily_id = ? AND guild_id = ?"

# -- reminders --------------------------------------------------------------------------------
SET_REMINDER = """INSERT INTO reminders (guild_id, user_id, at, set_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (guild_id, user_id) DO UPDATE SET at = excluded.at, set_at = excluded.set_at"""
DROP_REMINDER = "DELETE FROM reminders WHERE guild_id = ? AND user_id = ?"
REMINDER = "SELECT * FROM reminders WHERE guild_id = ? AND user_id = ?"
#: Server, date: the server's reminders not yet decided on that date.
UNDECIDED_REMINDERS = """SELECT * FROM reminders r WHERE r.guild_id = ? AND NOT EXISTS (
    SELECT 1 FROM reminders_sent s WHERE s.guild_id = r.guild_id AND s.user_id = r.user_id
    AND s.date = ?) ORDER BY r.user_id"""
#: Player, server, first date: the newest date of each kind's daily they played there since.
DAILY_KINDS_PLAYED = """SELECT d.kind, MAX(d.date) AS last FROM games g
    JOIN daily_puzzles d ON d.id = g.daily_id
    WHERE g.owner_id = ? AND g.guild_id = ? AND g.mode = 'daily' AND d.date >= ?
    GROUP BY d.kind"""
#: Returns a row only for the one caller whose claim is new.
CLAIM_REMINDER = """INSERT INTO reminders_sent (guild_id, user_id, date, kinds, state,
    claimed_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING user_id"""
#: Returns each stale claim's player and kinds only for the one caller who takes it over.
RECLAIM_REMINDERS = """UPDATE reminders_sent SET claimed_at = ? WHERE guild_id = ? AND date = ?
    AND state = 'sending' AND claimed_at < ? RETURNING user_id, kinds"""
SET_REMINDER_STATE = """UPDATE reminders_sent SET state = ?
    WHERE guild_id = ? AND user_id = ? AND date = ?"""
HELD_REMINDERS = """SELECT user_id FROM reminders_sent WHERE guild_id = ? AND date = ?
    AND state = 'held' ORDER BY user_id"""
#: Returns the kinds only for the one caller who takes the held reminder.
TAKE_HELD_REMINDER = """UPDATE reminders_sent SET state = 'delivered'
    WHERE guild_id = ? AND user_id = ? AND date = ? AND state = 'held' RETURNING kinds"""

# -- the Activity's launches ------------------------------------------------------------------
#: One row per user: a new launch replaces the last.
REMEMBER_LAUNCH = """INSERT INTO launches (user_id, kind, daily_id, guild_id, channel_id, at)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET kind = excluded.kind, daily_id = excluded.daily_id,
    guild_id = excluded.guild_id, channel_id = excluded.channel_id, at = excluded.at
    RETURNING *"""
LAST_LAUNCH = "SELECT * FROM launches WHERE user_id = ?"

# -- the stock of fresh puzzles ---------------------------------------------------------------
#: A puzzle just stored (none of its kind, parameters and seed before) joins the stock.
STOCK_PUZZLE = """INSERT INTO stock (puzzle_id, kind, params, made_at)
    SELECT p.id, p.kind, p.params, ? FROM puzzles p
    WHERE p.kind = ? AND p.params = ? AND p.seed = ?"""
STOCKED = "SELECT COUNT(*) FROM stock WHERE kind = ? AND params = ?"
#: Whether a game plays the stocked puzzle of row ``{0}``.
_GAME_PLAYS = "EXISTS (SELECT 1 FROM games g WHERE g.puzzle_id = {0}.puzzle_id)"
#: Stocked puzzles of a kind and parameters that a game plays (someone typed the seed), or
#: that another generator than the one named made (an older version's), are no longer fresh.
UNSTOCK_PLAYED = f"""DELETE FROM stock WHERE kind = ? AND params = ?
    AND ({_GAME_PLAYS.format("stock")}
        OR (SELECT p.generator FROM puzzles p WHERE p.id = stock.puzzle_id) <> ?)"""
#: The oldest stocked puzzle of a kind and parameters that no game plays leaves the stock
#: (``{skip}``: rows other transactions hold are passed over, where the database can).
TAKE_STOCKED = f"""DELETE FROM stock WHERE puzzle_id = (SELECT s.puzzle_id FROM stock s
    WHERE s.kind = ? AND s.params = ? AND NOT {_GAME_PLAYS.format("s")}
    ORDER BY s.puzzle_id LIMIT 1{{skip}}) RETURNING puzzle_id"""
PUZZLE_BY_ID = f"SELECT {PUZZLE_COLUMNS} FROM puzzles p WHERE p.id = ?"
STOCK_COUNTS = "SELECT kind, params, COUNT(*) AS n FROM stock GROUP BY kind, params"

# -- the deployment's own values, results ----------------------------------------------------
STORE_VALUE = "INSERT INTO deployment (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING"
VALUE = "SELECT value FROM deployment WHERE key = ?"
RESULT = f"{RESULTS} WHERE r.daily_id = ? AND r.user_id = ?"
#: Daily, then the server twice (None: everywhere).
DAILY_RESULTS = f"{RESULTS} WHERE r.daily_id = ? AND {_IN_GUILD}"
#: First and last date, then the server twice (None: everywhere).
RESULTS_BETWEEN = f"{RESULTS} WHERE d.date BETWEEN ? AND ? AND {_IN_GUILD}"
USER_RESULTS = f"{RESULTS} WHERE r.user_id = ? ORDER BY d.date"
USER_DAILY_GAMES = """SELECT g.daily_id, g.id AS game_id, d.date, d.kind, g.outcome,
    g.day_ends FROM games g JOIN daily_puzzles d ON d.id = g.daily_id
    WHERE g.owner_id = ? ORDER BY d.date, g.id"""


@functools.cache
def numbered(statement: str) -> str:
    """A statement with PostgreSQL's placeholders: each ``?`` becomes ``$1``, ``$2`` …"""
    pieces = statement.split("?")
    return pieces[0] + "".join(f"${k}{piece}" for k, piece in enumerate(pieces[1:], start=1))


# -- races ----------------------------------------------------------------------------------
_RACES = f"SELECT r.*, {PUZZLE_COLUMNS} FROM races r JOIN puzzles p ON p.id = r.puzzle_id"
RACE = f"{_RACES} WHERE r.id = ?"
RACE_OF_PUZZLE = f"{_RACES} WHERE r.puzzle_id = ?"
#: Races running since before an instant.
RACES_RUNNING = f"{_RACES} WHERE r.state = 'running' AND r.started_at < ? ORDER BY r.id"
RACE_PLAYERS = "SELECT user_id FROM race_players WHERE race_id = ? ORDER BY joined_at, user_id"
CREATE_RACE = """INSERT INTO races (puzzle_id, host_id, guild_id, channel_id, created_at)
    VALUES (?, ?, ?, ?, ?) RETURNING id"""
#: Race, user, when, race, race, the cap: a player joins a lobby not full, once.
JOIN_RACE = """INSERT INTO race_players (race_id, user_id, joined_at)
    SELECT ?, ?, ? WHERE (SELECT state FROM races WHERE id = ?) = 'lobby'
    AND (SELECT COUNT(*) FROM race_players WHERE race_id = ?) < ?
    ON CONFLICT DO NOTHING RETURNING user_id"""
#: Race, user, race: a player other than the host leaves a lobby.
LEAVE_RACE = """DELETE FROM race_players WHERE race_id = ? AND user_id = ?
    AND user_id <> (SELECT host_id FROM races WHERE id = ? AND state = 'lobby')
    RETURNING user_id"""
SET_RACE_MESSAGE = "UPDATE races SET message_id = ? WHERE id = ?"
#: Returns the id only for the one caller that started (or ended) it.
START_RACE = """UPDATE races SET state = 'running', started_at = ?
    WHERE id = ? AND state = 'lobby' RETURNING id"""
END_RACE = """UPDATE races SET state = 'over', ended_at = ?
    WHERE id = ? AND state = 'running' RETURNING id"""
