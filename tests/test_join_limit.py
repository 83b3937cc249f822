"""Guessing join codes is limited (issue 31): after 20 wrong codes in a minute
a client is refused with a clear answer (429, when to try again, Retry-After)
while the right code still works at once for another phone; a server-wide
count bounds a botnet; the count is the database's, so every worker and
machine sees it. Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from companion.storage.models import JoinMiss, db
from companion.web import join_limit

from .conftest import TableActions, make_app
from .helpers import soup
from .test_i18n import pseudo, untranslated  # noqa: F401 - pseudo is a fixture

START = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
WRONG = "ZZZZZZZ"


@pytest.fixture
def app(any_db_app: Flask) -> Flask:
    return any_db_app


class Clock:
    """The limiter's clock, moved on by the test."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = START
        monkeypatch.setattr(join_limit, "utcnow", lambda: self.now)

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)


def join(client: FlaskClient, code: str, address: str) -> TestResponse:
    """The join form sent from ``address`` (each address: another client)."""
    token = TableActions(client).csrf("/join")
    return client.post(
        "/join",
        data={"csrf_token": token, "code": code},
        environ_base={"REMOTE_ADDR": address},
    )


def a_table_and_its_code(app: Flask) -> tuple[str, str]:
    actions = TableActions(app.test_client())
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    page = soup(actions.client.get(f"/t/{table_id}/share"))
    return table_id, page.select_one(".join-code strong").get_text()


def guess(client: FlaskClient, address: str, times: int, clock: Clock) -> None:
    """``times`` wrong codes from ``address``, one a second."""
    for _ in range(times):
        assert join(client, WRONG, address).status_code == 400
        clock.advance(1)


def test_20_wrong_codes_then_refused_while_the_right_code_works_elsewhere(
    app: Flask, clock: Clock
) -> None:
    table_id, code = a_table_and_its_code(app)
    guesser = app.test_client()
    guess(guesser, "203.0.113.7", 20, clock)
    # The 21st: refused, the code not even looked up (the right one neither).
    for typed in (WRONG, code):
        refused = join(guesser, typed, "203.0.113.7")
        assert refused.status_code == 429
        # The first of the 20 was 20 s ago: free again in 40 s.
        assert refused.headers["Retry-After"] == "40"
        said = soup(refused).select_one("#join-refused").get_text(" ")
        assert "try again in 40 seconds" in said
        assert "link and a QR code" in said
        assert soup(refused).select_one("input[name=code]")["value"] == typed
    # Another phone at the table joins at once with the right code.
    phone = app.test_client()
    joined = join(phone, code, "198.51.100.20")
    assert joined.status_code == 302
    assert joined.headers["Location"].endswith(f"/t/{table_id}")
    # Once the first wrong code is a minute old, the guesser may try again.
    clock.advance(40)
    assert join(guesser, WRONG, "203.0.113.7").status_code == 400
    assert join(guesser, WRONG, "203.0.113.7").status_code == 429
    clock.advance(61)
    assert join(guesser, code, "203.0.113.7").status_code == 302


def test_right_codes_are_never_counted(app: Flask, clock: Clock) -> None:
    """A whole club joins from one address (behind the club's router)."""
    _table_id, code = a_table_and_its_code(app)
    for _ in range(30):
        assert join(app.test_client(), code, "192.0.2.1").status_code == 302
    guess(app.test_client(), "192.0.2.1", 19, clock)
    assert join(app.test_client(), code, "192.0.2.1").status_code == 302


def test_a_busy_server_takes_one_wrong_code_a_minute_from_each_client(
    app: Flask, clock: Clock
) -> None:
    """A botnet spread over many addresses: once the server saw
    ``JOIN_MISSES_PER_SERVER`` wrong codes in a minute, each client gets one
    wrong code a minute; a player typing the right code joins at once."""
    app.config["JOIN_MISSES_PER_SERVER"] = 6
    table_id, code = a_table_and_its_code(app)
    bots = [f"203.0.113.{n}" for n in range(1, 4)]
    for bot in bots:
        guess(app.test_client(), bot, 2, clock)
    for bot in bots:
        refused = join(app.test_client(), WRONG, bot)
        assert refused.status_code == 429
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
    # A new address may try once: wrong, and then it waits too.
    assert join(app.test_client(), WRONG, "203.0.113.99").status_code == 400
    assert join(app.test_client(), code, "203.0.113.99").status_code == 429
    # A player at the table types the right code first time.
    joined = join(app.test_client(), code, "198.51.100.20")
    assert joined.status_code == 302
    assert joined.headers["Location"].endswith(f"/t/{table_id}")


def test_the_count_holds_across_workers(app: Flask, clock: Clock) -> None:
    """Two apps on one database (two workers, or two machines): wrong codes
    typed at one count at the other."""
    other = make_app(Path(app.instance_path), app.config["DATABASE_URL"])
    guess(app.test_client(), "203.0.113.7", 10, clock)
    guess(other.test_client(), "203.0.113.7", 10, clock)
    assert join(app.test_client(), WRONG, "203.0.113.7").status_code == 429
    assert join(other.test_client(), WRONG, "203.0.113.7").status_code == 429
    with other.app_context():
        db.engine.dispose()


def test_misses_a_minute_old_are_forgotten(app: Flask, clock: Clock) -> None:
    guess(app.test_client(), "203.0.113.7", 5, clock)
    clock.advance(120)
    guess(app.test_client(), "203.0.113.8", 1, clock)
    with app.app_context():
        left = list(db.session.scalars(db.select(JoinMiss.client)))
    assert left == ["203.0.113.8"]


@pytest.mark.parametrize(
    ("address", "client"),
    [
        ("203.0.113.7", "203.0.113.7"),
        # one machine's IPv6 addresses share a /64: one client
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        # an IPv4 client seen through an IPv6 socket
        ("::ffff:198.51.100.20", "198.51.100.20"),
        ("not an address", "not an address"),
    ],
)
def test_who_a_client_is(app: Flask, address: str, client: str) -> None:
    with app.test_request_context(environ_base={"REMOTE_ADDR": address}):
        assert join_limit.client() == client


@pytest.mark.usefixtures("pseudo")
def test_the_refusal_is_translated(app: Flask, clock: Clock) -> None:
    guess(app.test_client(), "203.0.113.7", 20, clock)
    refused = join(app.test_client(), WRONG, "203.0.113.7")
    assert refused.status_code == 429
    assert untranslated(refused.get_data(as_text=True).replace(WRONG, "")) == []


@pytest.mark.parametrize(
    ("lang", "words"),
    [("it", "tra 40 secondi"), ("zh", "40 秒")],
)
def test_the_refusal_in_italian_and_chinese(
    app: Flask, clock: Clock, lang: str, words: str
) -> None:
    guess(app.test_client(), "203.0.113.7", 20, clock)
    client = app.test_client()
    token = TableActions(client).csrf("/join")
    refused = client.post(
        "/join",
        data={"csrf_token": token, "code": WRONG},
        environ_base={"REMOTE_ADDR": "203.0.113.7"},
        headers={"Accept-Language": lang},
    )
    assert refused.status_code == 429
    assert words in soup(refused).select_one("#join-refused").get_text()
