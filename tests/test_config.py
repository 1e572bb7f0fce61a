from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings


def test_environment_wins_over_dotenv_and_token_stays_out_of_repr(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        '# comment\nDISCORD_TOKEN="from-file"\nexport LOG_LEVEL=debug\nDEV_GUILD_ID=42\n'
    )
    settings = load_settings({"DISCORD_TOKEN": "secret-token-value"}, dotenv)
    assert settings.token == "secret-token-value"
    assert settings.log_level == "DEBUG" and settings.dev_guild_id == 42
    assert settings.database_path == "./data/pipes.sqlite3"
    assert "secret-token-value" not in repr(settings) and "token=set" in repr(settings)
    assert load_settings({}, dotenv).token == "from-file"


def test_missing_file_and_bad_guild(tmp_path):
    assert load_settings({}, tmp_path / "none").token == ""
    with pytest.raises(ConfigError, match="DEV_GUILD_ID must be a server id"):
        load_settings({"DEV_GUILD_ID": "abc"}, tmp_path / "none")


def test_database_url_chooses_postgres_and_its_password_stays_out_of_repr(tmp_path):
    url = "postgresql://pipes:hunter2@db.example:5432/pipes"
    settings = load_settings({"DATABASE_URL": url}, tmp_path / "none")
    assert settings.database == url
    assert "hunter2" not in repr(settings)
    assert "postgresql://pipes:***@db.example:5432/pipes" in repr(settings)
    assert load_settings({}, tmp_path / "none").database == "./data/pipes.sqlite3"
    with pytest.raises(ConfigError, match="DATABASE_URL must be a postgresql:// URL"):
        load_settings({"DATABASE_URL": "mysql://x"}, tmp_path / "none")


def test_shard_settings(tmp_path):
    def shards(**env):
        settings = load_settings(env, tmp_path / "none")
        return settings.shard_count, settings.shard_ids

    assert shards() == (None, None)  # Discord's recommended count, all in this process
    assert shards(SHARD_COUNT="4") == (4, None)
    assert shards(SHARD_COUNT="4", SHARD_IDS="3, 1,1") == (4, (1, 3))
    for bad, message in [
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a number of shards"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a number of shards"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "4"}, "SHARD_IDS must be shard numbers from 0 to 3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "1,x"}, "SHARD_IDS must be shard numbers"),
        ({"SHARD_IDS": "1"}, "SHARD_IDS needs SHARD_COUNT"),
    ]:
        with pytest.raises(ConfigError, match=message):
            load_settings(bad, tmp_path / "none")


def test_the_activity_is_on_with_the_client_id_and_secret_and_the_secret_is_never_shown():
    off = load_settings({}, dotenv=Path("/nonexistent"))
    assert not off.activity and off.activity_port == 8766
    on = load_settings(
        {"DISCORD_CLIENT_ID": "123", "DISCORD_CLIENT_SECRET": "shh-value", "ACTIVITY_PORT": "9001"},
        dotenv=Path("/nonexistent"),
    )
    assert on.activity and on.client_id == "123" and on.activity_port == 9001
    assert "shh-value" not in repr(on)
    with pytest.raises(ConfigError, match="ACTIVITY_PORT"):
        load_settings({"ACTIVITY_PORT": "http"}, dotenv=Path("/nonexistent"))
    with pytest.raises(ConfigError, match="DISCORD_CLIENT_ID"):
        load_settings({"DISCORD_CLIENT_ID": "abc"}, dotenv=Path("/nonexistent"))


def test_the_stock_is_three_puzzles_per_preset_unless_set():
    nowhere = Path("/nonexistent")
    assert load_settings({}, dotenv=nowhere).stock == 3
    assert load_settings({"STOCK": "0"}, dotenv=nowhere).stock == 0
    for wrong in ("-1", "21", "many"):
        with pytest.raises(ConfigError, match="STOCK must be a number of puzzles from 0 to 20"):
            load_settings({"STOCK": wrong}, dotenv=nowhere)
