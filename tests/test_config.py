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
