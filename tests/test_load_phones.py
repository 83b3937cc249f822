"""Issue 27's load check, run quickly: ``scripts/load.py --phones 4`` for a
few seconds (gunicorn as start.sh serves it, 4 phones on one table), and the
judging of its sends checked on made-up ones.

Correctness only: no time is asserted.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any

import pytest

from .conftest import require_shared
from .helpers import script_module


def load_script() -> ModuleType:
    """scripts/load.py as a module."""
    return script_module("load")


@pytest.fixture(scope="module")
def measured() -> Any:
    require_shared()
    load = load_script()
    # In a thread of its own: the browser tests' Playwright keeps an event
    # loop running in this one, where asyncio.run() cannot start another.
    with ThreadPoolExecutor(max_workers=1) as pool:
        runs = pool.submit(load.measure_phones, phones=4, seconds=6).result()
    print("\n" + load.phones_report(runs))
    return load.Tally.of(runs)


@pytest.mark.benchmark
def test_four_phones_lose_no_edit(measured: Any) -> None:
    load = load_script()
    assert measured.errors == []
    assert measured.lost == []
    assert measured.saved > 0
    # Every deliberate conflict was sent and refused as a true conflict.
    assert measured.deliberate == 2 * load.DELIBERATE_CONFLICTS
    assert measured.true_conflicts >= measured.deliberate


@pytest.mark.benchmark
def test_four_phones_are_refused_only_for_true_conflicts(measured: Any) -> None:
    assert measured.wrong_refusals == 0


# --- the judging, on made-up sends ----------------------------------------


def run_of(*sends: Any, initial: str = "1", final: str = "1") -> Any:
    load = load_script()
    slot = load.Slot("camps-0-hand", ("camps", "red", "hand"), 0, 9)
    run = load.ScreenRun(load.Screen("camps", "/t/x/camps", (slot,)), 2, 1.0)
    run.initial, run.final = {slot.name: initial}, {slot.name: final}
    run.sends = list(sends)
    return run


def send(phone: int, value: str, times: tuple[float, ...], status: int) -> Any:
    """A send of ``camps-0-hand``: page asked, answered; post sent, answered."""
    get_sent, get_done, post_sent, post_done = times
    return load_script().Send(
        phone,
        "camps-0-hand",
        value,
        "1",
        get_sent,
        get_done,
        post_sent=post_sent,
        post_done=post_done,
        status=status,
    )


def test_a_refusal_after_another_phones_save_of_the_field_is_a_true_conflict() -> None:
    first = send(0, "2", (0, 1, 2, 3), 302)
    second = send(1, "3", (0, 1, 4, 5), 409)
    run = run_of(first, second, final="2")
    assert run.true_conflict(second)
    assert run.lost() == []


def test_a_refusal_with_no_save_of_the_field_is_wrong() -> None:
    other_field_only = send(1, "3", (0, 1, 4, 5), 409)
    stale_at_write = send(1, "3", (0, 1, 4, 5), 400)
    run = run_of(other_field_only, stale_at_write)
    assert not run.true_conflict(other_field_only)
    assert not run.true_conflict(stale_at_write)
    assert stale_at_write.refused


def test_the_last_acknowledged_value_must_be_in_the_file() -> None:
    assert run_of(send(0, "2", (0, 1, 2, 3), 302), final="1").lost()
    # A later acknowledged edit (that saw it) overwrote it: not lost.
    later = run_of(
        send(0, "2", (0, 1, 2, 3), 302), send(1, "4", (4, 5, 6, 7), 302), final="4"
    )
    assert later.lost() == []
    # Two sends under way at once: either may have been saved last.
    overlapping = run_of(
        send(0, "2", (0, 1, 2, 5), 302), send(1, "4", (0, 1, 3, 6), 302), final="2"
    )
    assert overlapping.lost() == []


def test_an_edit_saved_over_one_its_page_never_showed_is_a_lost_edit() -> None:
    first = send(0, "2", (0, 1, 2, 3), 302)
    blind = send(1, "3", (0, 1, 4, 5), 302)
    assert run_of(first, blind, final="3").lost()


def test_a_field_changed_by_no_acknowledged_edit_is_reported() -> None:
    assert run_of(send(0, "2", (0, 1, 2, 3), 409), final="2").lost()


def test_the_client_forgets_a_cookie_the_server_expires() -> None:
    load = load_script()
    connection = load.Connection("127.0.0.1", 1)
    connection.keep_cookie("session=abc; HttpOnly; Path=/; SameSite=Lax")
    assert connection.cookies == {"session": "abc"}
    connection.keep_cookie(
        "session=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/"
    )
    assert connection.cookies == {}
    connection.keep_cookie("a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT")
    assert connection.cookies == {}


def test_the_edit_form_is_read_as_a_browser_sends_it() -> None:
    page = b"""<form method="post" action="/lang"><input name="x" value="1"></form>
    <form method="post"><input type="hidden" name="csrf_token" value="t">
    <input name="base" type="hidden" value='{"a": "1"}'>
    <input type="number" name="players-0-spa" value="2">
    <input type="checkbox" name="players-0-entered" value="y">
    <input type="checkbox" name="players-1-entered" value="y" checked>
    <input type="radio" name="g" value="unbuilt" checked><input type="radio"
    name="g" value="built"><input name="off" value="1" disabled>
    <select name="s"><option value="a">A</option><option value="b" selected>B
    </option></select><button name="go">Save</button></form>"""
    assert load_script().edit_form(page) == [
        ("csrf_token", "t"),
        ("base", '{"a": "1"}'),
        ("players-0-spa", "2"),
        ("players-1-entered", "y"),
        ("g", "unbuilt"),
        ("s", "b"),
    ]
