"""What a bot remembers of the boards it showed (bot.handles.Shown), as a model: which message
shows a board, the private copy its player last saw, one lock per board — and that all of it
stays bounded however long the bot runs."""

import gc
from datetime import timedelta
from types import SimpleNamespace

import discord

from bot.handles import REMEMBERED, Shown
from bot.window import Viewport

#: More boards than a bot keeps in mind at once.
MANY = REMEMBERED + 500
WINDOW = Viewport(0, 0, 5, 4)


def game(game_id, version=1, message_id=None, kind="pipes"):
    return SimpleNamespace(id=game_id, kind=kind, version=version, message_id=message_id)


def interaction(user, age=timedelta(0), message_id=None):
    message = SimpleNamespace(id=message_id) if message_id is not None else None
    return SimpleNamespace(
        user=SimpleNamespace(id=user), created_at=discord.utils.utcnow() - age, message=message
    )


def test_the_boards_remembered_stay_bounded_the_oldest_forgotten_first():
    shown = Shown()
    for k in range(MANY):  # a long life: many players, each shown a board of their own
        shown.remember(game(k), interaction(user=k), k + 1, WINDOW, "t")
    newest = MANY - 1
    assert shown.view(newest).version == 1 and shown.copy(newest).message_id == MANY
    # The oldest are forgotten as after a restart (their next move shows the first window),
    # though the private copy's token could still edit it.
    assert shown.view(0) is None
    assert shown.copy(0) is None


def test_a_board_in_use_is_not_forgotten_for_newer_ones():
    shown = Shown()
    shown.remember(game(0), interaction(user=0), 1, WINDOW, "t")
    for k in range(1, MANY):
        shown.remember(game(k), interaction(user=k), k + 1, WINDOW, "t")
        if k % 1000 == 0:  # its player keeps playing it
            shown.saw(game(0, version=k), WINDOW, "m")
    assert shown.view(0).version == MANY - MANY % 1000 and shown.view(0).mode == "m"


def test_a_public_message_is_no_private_copy_and_an_expired_copy_is_none():
    shown = Shown()
    shown.remember(game(1, message_id=50), interaction(user=7), 60, WINDOW, "t")
    copy = shown.copy(1)
    assert copy is not None and copy.message_id == 60
    shown.remember(game(1, message_id=50), interaction(user=7, message_id=50), None, WINDOW, "t")
    assert shown.copy(1) is copy  # a click on the public message keeps the copy in view
    shown.remember(game(2), interaction(user=7, age=timedelta(minutes=15)), 70, WINDOW, "t")
    assert shown.copy(2) is None  # its token can edit it no more
    assert shown.view(2) is not None


def test_one_lock_per_board_while_it_is_held_and_none_kept_after():
    shown = Shown()
    lock = shown.lock(1)
    assert shown.lock(1) is lock and shown.lock(2) is not lock
    del lock
    gc.collect()
    assert len(shown._locks) == 0  # a lock nobody holds is not kept


def test_a_new_message_of_an_older_state_is_not_noted_and_retires_nothing():
    shown = Shown()
    shown.remember(game(1, version=5), interaction(user=7), 60, WINDOW, "t")
    older = shown.copy(1)
    # A message made from version 3 arrives after version 5 was shown: not noted.
    assert shown.shown_anew(game(1, version=3), interaction(user=7), 61, WINDOW, "m") is None
    assert shown.view(1).version == 5 and shown.view(1).mode == "t"
    assert shown.copy(1) is older
    # One of the newest state replaces the copy, which is handed back to be retired.
    assert shown.shown_anew(game(1, version=5), interaction(user=7), 62, WINDOW, "m") is older
    assert shown.copy(1).message_id == 62 and shown.view(1).mode == "m"
