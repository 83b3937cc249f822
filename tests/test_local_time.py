"""Issue 29: every time and date in the phone's own time zone (the ``tz``
cookie static/tz.js writes): the history, the home list, the report's date
on screen and in the PDF, the record, the CSV's name and the BG Stats play
file; a hostile or unknown zone is UTC, never an error."""

from __future__ import annotations

import json
import warnings
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from babel.dates import format_datetime
from flask import Flask
from flask.testing import FlaskClient

from companion.engines import read_table
from companion.exports import bgstats
from companion.exports.report import build_report
from companion.storage import store
from companion.storage.models import db
from companion.web.local_time import MAX_ZONE_NAME, zone_name

from .conftest import TableActions
from .helpers import soup
from .test_finished_lock import all_roads
from .test_pdf import flat, pdf_text
from .test_views_watch import watch_link

SUMMER_END = datetime(2025, 6, 14, 23, 30, tzinfo=UTC)
"""A game that ends at 23:30 UTC in June: 01:30 the next day in Rome (CEST,
+2), 21:00 the same day in St. John's (NDT, -2:30)."""
WINTER_END = datetime(2025, 1, 14, 23, 30, tzinfo=UTC)
"""The same in January: 00:30 the next day in Rome (CET, +1), 20:00 in
St. John's (NST, -3:30)."""
HOSTILE = [
    "../../etc",
    "../../../../etc/passwd",
    "/etc/localtime",
    "Mars/Base",
    "x" * 10_000,
    "Europe/" + "Rome" * 20,
    "localtime",  # zoneinfo finds this file; it is no zone a phone is in
    "Europe/Rome\\",
    "Europe/Rome;",
    "Europe//Rome",
    "",
    "%2e%2e%2fetc",
    "Europe/Rome ",
]


@pytest.mark.parametrize(
    "raw",
    ["UTC", "Europe/Rome", "America/St_Johns", "Asia/Shanghai", "Etc/GMT+5"],
)
def test_a_zone_a_phone_says_is_kept(raw: str) -> None:
    assert zone_name(raw) == raw


@pytest.mark.parametrize("raw", [*HOSTILE, "Europe/Rome\x00", None])
def test_a_hostile_or_unknown_zone_is_none(raw: str | None) -> None:
    assert zone_name(raw) is None


def test_no_iana_zone_is_longer_than_the_bound() -> None:
    from zoneinfo import available_timezones

    longest = max(available_timezones(), key=len)
    print(f"longest IANA zone: {longest} ({len(longest)} characters)")
    assert len(longest) <= MAX_ZONE_NAME


def ended_at(app: Flask, table_id: str, end: datetime) -> None:
    """Make the table's last step (its final scoring) recorded at ``end``,
    the table made 90 minutes before."""
    with app.app_context():
        table = store.get_table(table_id)
        assert table is not None
        store.current_step(table).created_at = end
        table.created_at = end - timedelta(minutes=90)
        table.updated_at = end
        db.session.commit()


@pytest.fixture
def finished(app: Flask, actions: TableActions) -> str:
    """A finished All Roads table whose final tally was entered at 23:30 UTC
    on 14 June 2025."""
    table_id = all_roads(actions)
    ended_at(app, table_id, SUMMER_END)
    return table_id


def in_zone(client: FlaskClient, zone: str | None) -> FlaskClient:
    if zone is None:
        client.delete_cookie("tz")
    else:
        client.set_cookie("tz", zone)
    return client


def play(client: FlaskClient, table_id: str) -> tuple[dict[str, object], str]:
    response = client.get(f"/t/{table_id}/play.bgsplay")
    assert response.status_code == 200
    (only,) = json.loads(response.data)["plays"]
    return only, response.headers["Content-Disposition"]


@pytest.mark.parametrize(
    ("zone", "end", "when", "day"),
    [
        (None, SUMMER_END, "2025-06-14 23:30:00", 20250614),
        ("UTC", SUMMER_END, "2025-06-14 23:30:00", 20250614),
        # After midnight in Rome: the play lands on the players' next day.
        ("Europe/Rome", SUMMER_END, "2025-06-15 01:30:00", 20250615),
        ("Europe/Rome", WINTER_END, "2025-01-15 00:30:00", 20250115),
        # Half-hour offsets, summer and winter.
        ("America/St_Johns", SUMMER_END, "2025-06-14 21:00:00", 20250614),
        ("America/St_Johns", WINTER_END, "2025-01-14 20:00:00", 20250114),
        ("Asia/Kolkata", SUMMER_END, "2025-06-15 05:00:00", 20250615),
    ],
)
def test_the_play_file_is_in_the_players_time(
    app: Flask,
    client: FlaskClient,
    finished: str,
    zone: str | None,
    end: datetime,
    when: str,
    day: int,
) -> None:
    ended_at(app, finished, end)
    data, disposition = play(in_zone(client, zone), finished)
    assert (data["playDate"], data["playDateYmd"]) == (when, day)
    assert data["entryDate"] == data["modificationDate"] == when
    assert data["durationMin"] == 90
    stamp = when.replace("-", "").replace(" ", "").replace(":", "")[2:]
    assert disposition.endswith(f'-play{stamp}.bgsplay"'), disposition
    print(f"{zone or 'no zone'}: game ended {end:%Y-%m-%d %H:%M} UTC, playDate {when}")


def test_a_hostile_zone_shows_utc_never_an_error(
    client: FlaskClient, finished: str
) -> None:
    watched = watch_link(client, finished)
    for raw in [*HOSTILE, "Europe/Rome\x00"]:
        # The test client quotes what a cookie cannot hold, and the app reads
        # back exactly ``raw``; it warns of 10 kB, which a browser would drop
        # but anyone may send.
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "The 'tz' cookie is too large")
            client.set_cookie("tz", raw)
        for path in ("/", "/record", f"/t/{finished}", watched):
            answer = client.get(path)
            assert answer.status_code == 200, (raw[:20], path)
        response = client.get(f"/t/{finished}/play.bgsplay")
        assert response.status_code == 200
        (only,) = json.loads(response.data)["plays"]
        assert only["playDate"] == "2025-06-14 23:30:00", raw[:20]
        page = soup(client.get(f"/t/{finished}/history"))
        stamps = {t["datetime"] for t in page.select("ol time")}
        assert "2025-06-14T23:30:00+00:00" in stamps, raw[:20]
    # The same way, a zone the app knows is taken: the cookie did arrive.
    client.set_cookie("tz", "Europe/Rome")
    assert play(client, finished)[0]["playDate"] == "2025-06-15 01:30:00"


def shown_time(moment: datetime, zone: str) -> str:
    """``moment`` as an English page shows it, in ``zone``."""
    return format_datetime(moment, "short", tzinfo=ZoneInfo(zone), locale="en")


@pytest.mark.parametrize("zone", ["Europe/Rome", "America/St_Johns", "UTC"])
def test_history_and_home_list_show_the_phones_time(
    client: FlaskClient, finished: str, zone: str
) -> None:
    in_zone(client, zone)
    local = SUMMER_END.astimezone(ZoneInfo(zone))
    page = soup(client.get(f"/t/{finished}/history"))
    last = page.select_one("ol li.current time")
    assert last is not None
    assert last["datetime"] == local.isoformat()
    assert last.get_text(strip=True) == shown_time(SUMMER_END, zone)
    home = soup(client.get("/"))
    listed = home.select_one(f"a[href='/t/{finished}'] time")
    assert listed is not None and listed["datetime"] == local.isoformat()
    assert shown_time(SUMMER_END, zone) in listed.get_text()
    print(f"{zone}: history says {last.get_text(strip=True)!r}")


def test_the_watch_page_the_record_and_the_csv_are_dated_the_local_day(
    client: FlaskClient, finished: str
) -> None:
    for zone, day in (("UTC", date(2025, 6, 14)), ("Europe/Rome", date(2025, 6, 15))):
        in_zone(client, zone)
        record = soup(client.get("/record"))
        assert record.select_one(f"time[datetime='{day.isoformat()}']") is not None
        csv = client.get(f"/t/{finished}/result.csv")
        # Named after the local time too: 23:30 in UTC is 01:30 in Rome.
        clock = SUMMER_END.astimezone(ZoneInfo(zone)).strftime("%H%M%S")
        name = f"-result-{day.isoformat()}-{clock}.csv"
        assert name in csv.headers["Content-Disposition"]
        watched = soup(client.get(watch_link(client, finished)))
        status = watched.select_one("p.status")
        assert status is not None and day.isoformat() in status.get_text()


def test_the_pdf_is_dated_the_local_day_and_kept_per_zone(
    client: FlaskClient, finished: str
) -> None:
    texts = {}
    for zone in ("UTC", "Europe/Rome", "UTC"):
        response = in_zone(client, zone).get(f"/t/{finished}/report.pdf")
        assert response.status_code == 200
        texts[zone] = flat(pdf_text(response.data))
    assert "2025-06-14" in texts["UTC"] and "2025-06-15" not in texts["UTC"]
    assert "2025-06-15" in texts["Europe/Rome"]
    assert "2025-06-14" not in texts["Europe/Rome"]


def test_the_report_engine_takes_the_day_it_is_given(app: Flask, finished: str) -> None:
    """The report stays pure: the adapter turns the moment into the day."""
    with app.app_context():
        table = store.get_table(finished)
        assert table is not None
        read = read_table(table.document)
    assert build_report(read, on=date(2025, 6, 15)).date == date(2025, 6, 15)


def test_the_play_file_writes_the_times_it_is_given() -> None:
    """bgstats is pure: local times in, the same times out."""
    rome = ZoneInfo("Europe/Rome")
    read = read_table(
        {
            "format": "rome-companion/1",
            "game": "all-roads",
            "players": [{"id": "red", "name": "Ana"}, {"id": "yellow", "name": "Bo"}],
            "unbuilt": {
                "red": {"monument": 1, "spa": 0, "villa": 2, "house": 3},
                "yellow": {"monument": 0, "spa": 2, "villa": 1, "house": 5},
            },
        }
    )
    report = build_report(read, on=date(2025, 6, 15))
    end = SUMMER_END.astimezone(rome)
    data = bgstats.play_file(
        report,
        key="t/1",
        expansions=[],
        started=end - timedelta(minutes=45),
        finished=end,
        me=None,
    )
    (only,) = data["plays"]
    assert only["playDate"] == "2025-06-15 01:30:00"
    assert only["durationMin"] == 45
