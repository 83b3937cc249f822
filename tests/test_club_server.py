"""Issue 31: a club's server as the README sets it up.

The README's nginx site, run by Debian's nginx in front of gunicorn as the
unit runs it, takes a form on a port other than 443 and sends port 80 to
HTTPS; slow clients delay no phone, behind nginx or on gunicorn alone (its
worker gives a request a thread only once its head is whole); and the
README's club steps, the unit and the environment file agree.

The serving checks are ``scripts/club_serving.py`` run short (it prints its
figures); they need nginx (``scripts/system-deps.sh test`` installs it).
"""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from gunicorn.http.unreader import SocketUnreader

from companion.web.gunicorn_worker import WholeHeadWorker

from .conftest import IN_CI
from .helpers import script_module

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")
UNIT = (ROOT / "deploy" / "rome-companion.service").read_text("utf-8")

PATIENCE = 5.0
"""Seconds a phone's page may take while slow clients are at work: a page
takes tens of milliseconds, and without the fix it waited for as long as
the slow clients liked (25 s)."""


def serving() -> ModuleType:
    return script_module("club_serving")


def need_nginx() -> None:
    if serving().nginx_binary() is None:
        if IN_CI:
            pytest.fail("CI must install nginx (scripts/system-deps.sh test)")
        pytest.skip("no nginx here (apt-get install nginx)")


@pytest.fixture(scope="module")
def behind_nginx() -> Iterator[Any]:
    need_nginx()
    with serving().served(behind_nginx=True) as where:
        yield where


@pytest.fixture(scope="module")
def gunicorn_alone() -> Iterator[Any]:
    with serving().served(behind_nginx=False) as where:
        yield where


# --- the README's nginx site -------------------------------------------------


def test_a_form_through_the_readme_site_on_another_port_is_taken(
    behind_nginx: Any,
) -> None:
    assert behind_nginx.port != 443
    status, location, text = serving().post_new_table(behind_nginx)
    assert status == 302, text
    assert re.fullmatch(r"/t/[\w-]+", location) or location.startswith(
        f"https://{behind_nginx.host_header}/t/"
    ), location


def test_the_readme_site_sends_port_80_to_https(behind_nginx: Any) -> None:
    assert serving().port_80_redirect(behind_nginx, "/t/abc?x=1") == (
        301,
        "https://rome.example.org/t/abc?x=1",
    )


def test_with_host_in_place_of_http_host_the_same_form_is_refused() -> None:
    """What the README's site had before: ``$host`` drops the port, so the
    form's Referer is not the app's own host (and the check above can fail)."""
    need_nginx()
    site = serving().readme_site()
    assert site.count("$http_host") == 2
    with serving().served(
        behind_nginx=True, site=site.replace("$http_host", "$host")
    ) as where:
        status, _, text = serving().post_new_table(where)
    assert status == 400, text


def test_the_site_is_used_as_written_but_for_its_addresses(tmp_path: Path) -> None:
    module = serving()
    site = module.readme_site()
    here = module.site_here(site, 5001, 8443, 8080, tmp_path / "c", tmp_path / "k")
    assert "server 127.0.0.1:5001;" in here
    assert "listen 127.0.0.1:8443 ssl;" in here and "listen 127.0.0.1:8080;" in here
    kept = [line for line in site.splitlines() if "proxy_" in line or "return" in line]
    assert kept and all(line in here for line in kept)


# --- slow clients --------------------------------------------------------------


@pytest.mark.benchmark
def test_sixteen_slow_sockets_behind_nginx_delay_no_phone(behind_nginx: Any) -> None:
    module = serving()
    times, failures, tally = module.measure_slow(
        behind_nginx, slow=16, interval=2.0, seconds=12, page_timeout=PATIENCE
    )
    print("\n" + module.slow_report(times, failures, tally, "behind nginx"))
    assert times and failures == []


@pytest.mark.benchmark
def test_slow_heads_hold_no_thread_of_gunicorn_alone(gunicorn_alone: Any) -> None:
    """8 slow sockets against 2 workers x 4 threads: with gthread alone they
    held every thread. Each is answered 408 once its head is 10 s late."""
    module = serving()
    times, failures, tally = module.measure_slow(
        gunicorn_alone, slow=8, interval=2.0, seconds=16, page_timeout=PATIENCE
    )
    print("\n" + module.slow_report(times, failures, tally, "gunicorn alone"))
    assert times and failures == []
    assert tally.answered_408 >= 1


# --- the worker's reading of a head, on a socket pair --------------------------


@pytest.mark.parametrize(
    ("pieces", "whole"),
    [
        ([b"GET / HTTP/1.1\r\nHost: a\r\n\r\n"], True),
        ([b"GET / HTTP/1.1\r\nHo"], False),
        ([b"GET / HTTP/1.1\r\n", b"Host: a\r\n", b"\r\n"], True),
        ([b"\r\n"], False),  # a blank line before a request is no head
        ([b"GET / HTTP/1.1\nHost: a\n\n"], True),
        ([b"POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nab"], True),
        ([b"x" * (70 * 1024)], True),  # too long: the parser refuses it
    ],
)
def test_a_head_is_whole_once_its_blank_line_has_come(
    pieces: list[bytes], whole: bool
) -> None:
    server, client = socket.socketpair()
    with server, client:
        conn = SimpleNamespace(sock=server, parser=SimpleNamespace())
        conn.parser.unreader = SocketUnreader(server)
        for piece in pieces:
            client.sendall(piece)
            time.sleep(0.01)
            held = WholeHeadWorker._take_what_arrived(conn)
        sent = b"".join(pieces)
        assert (held is None) == whole
        # Nothing read is lost: the parser finds all of it, in order.
        assert conn.parser.unreader.take_buffered() == sent
        assert server.getblocking()


def test_a_client_gone_mid_head_is_left_to_the_parser() -> None:
    server, client = socket.socketpair()
    with server:
        conn = SimpleNamespace(sock=server, parser=SimpleNamespace())
        conn.parser.unreader = SocketUnreader(server)
        client.sendall(b"GET / HT")
        client.close()
        assert WholeHeadWorker._take_what_arrived(conn) is None


# --- the README's steps, the unit and the environment file --------------------


def club_steps() -> str:
    section = README[README.index("## A club's server") :]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]


def test_the_readme_the_unit_and_the_environment_file_agree() -> None:
    steps = club_steps()
    unit = dict(
        line.split("=", 1)
        for line in UNIT.splitlines()
        if "=" in line and not line.startswith("#")
    )
    # One password: the role's and the one DATABASE_URL logs in with.
    role = re.search(r"CREATE ROLE (\w+) LOGIN PASSWORD '([^']+)'", steps)
    url = re.search(r"postgresql://(\w+):([^@]+)@127.0.0.1/(\w+)", steps)
    database = re.search(r"CREATE DATABASE (\w+) OWNER (\w+)", steps)
    assert role and url and database
    assert url.group(1, 2) == role.group(1, 2)
    assert url.group(3) == database.group(1) and database.group(2) == role.group(1)
    # The Unix user is made, owns the folder, and is the unit's.
    home = unit["WorkingDirectory"]
    assert f"--home-dir {home}" in steps and "useradd" in steps
    assert (
        steps.split("useradd", 1)[1].split("\n", 1)[0].rstrip().endswith(unit["User"])
    )
    assert f"chown -R {unit['User']}:{unit['Group']} {home}" in steps
    assert unit["ExecStart"].startswith(f"{home}/.venv/bin/gunicorn")
    # The environment file the unit reads is the one written, once.
    env_file = unit["EnvironmentFile"]
    assert f"test -e {env_file} ||" in steps and f"> {env_file}" in steps
    assert "DATABASE_URL=" in steps and "SECRET_KEY=" in steps
    assert "export SECRET_KEY" not in README
    assert "cp deploy/rome-companion.service /etc/systemd/system/" in steps
