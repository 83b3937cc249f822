"""How a club's server holds up: slow clients, reloads, and the README's nginx site.

    .venv/bin/python scripts/club_serving.py slow [--slow 16] [--nginx]
        [--worker-class gthread]
    .venv/bin/python scripts/club_serving.py reload [--clients 16] [--nginx]
    .venv/bin/python scripts/club_serving.py form

Each starts gunicorn as the README's club steps do (the repository's
``gunicorn.conf.py``: 2 workers x 4 threads on 2 cores) on a temporary SQLite
database set up with the migrations (``./instance`` is not touched), on a
free port of 127.0.0.1. With ``--nginx`` (and for ``form``), Debian's nginx
runs in front with the nginx site written in README.md ("A club's server"),
as written but for its addresses: its HTTPS port and its port-80 redirect on
free ports, the app machines replaced by this gunicorn, and a self-signed
certificate made with openssl. gunicorn and nginx are stopped at the end.

- ``slow``: ``--slow`` sockets each send a request head one byte every
  ``--interval`` seconds (opening a new socket when the server closes one),
  and meanwhile a phone opens a page (a new connection, ``GET /``) every
  second: it prints the phone's times (p50, max) and failures, and how the
  slow sockets were treated. ``--worker-class gthread`` runs gunicorn's
  stock threaded worker instead of the configured one, to compare.
- ``reload``: ``--clients`` clients each keep one connection alive and ask
  for a page every 1.5 s (as a table page polls ``/live``), idle between;
  the gunicorn master is sent ``SIGHUP`` twice (``systemctl reload``). It
  prints the GETs sent, answered, and dropped (no answer on a connection the
  server closed), each drop with its error.
- ``form``: a phone's visit through nginx on a port other than 443: the
  new-table form read and posted (the app checks the form's ``Referer``
  against the host it is told), and the port-80 redirect.

Exit status 1 when a phone's page failed, a GET was dropped or the form was
refused; no time is asserted (the figures are printed for README.md).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import re
import select
import shutil
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from load import HOST, free_port, migrate, server_log, stop, wait_until_up

ROOT = Path(__file__).resolve().parents[1]
SERVER_NAME = "rome.example.org"
"""The README site's name: the Host a phone sends it."""
PAGE_TIMEOUT = 60.0
"""Seconds a phone's page may take before it counts as failed."""


# --------------------------------------------------------------------------
# gunicorn as the README runs it, and nginx in front with the README's site
# --------------------------------------------------------------------------


@dataclass
class Served:
    """Where a phone reaches the app: gunicorn's own port, or nginx's."""

    gunicorn: subprocess.Popen[bytes]
    gunicorn_port: int
    port: int
    tls: bool = False
    http_port: int | None = None
    log: Path = field(default_factory=Path)

    @property
    def host_header(self) -> str:
        """The Host a phone sends: the site's name with the port it used."""
        return f"{SERVER_NAME}:{self.port}" if self.tls else f"{HOST}:{self.port}"

    def connection(self, timeout: float = PAGE_TIMEOUT) -> http.client.HTTPConnection:
        if self.tls:
            return http.client.HTTPSConnection(
                HOST, self.port, timeout=timeout, context=unverified()
            )
        return http.client.HTTPConnection(HOST, self.port, timeout=timeout)


def unverified() -> ssl.SSLContext:
    """TLS to the self-signed certificate made for the run."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def nginx_binary() -> str | None:
    """Debian's nginx (in /usr/sbin, which a user's PATH may lack)."""
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None
    )


def readme_site(readme: str | None = None) -> str:
    """The nginx site written in README.md."""
    text = readme if readme is not None else (ROOT / "README.md").read_text("utf-8")
    blocks = re.findall(r"```nginx\n(.*?)```", text, re.S)
    if len(blocks) != 1:
        raise RuntimeError(f"README.md has {len(blocks)} nginx blocks, not 1")
    return "\n".join(line.strip() for line in blocks[0].splitlines())


def site_here(
    site: str, upstream: int, https_port: int, http_port: int, cert: Path, key: Path
) -> str:
    """The README's site with this machine's addresses: its app machines
    replaced by gunicorn on ``upstream``, its ports 443 and 80 by free ones,
    its certificate by the one made here. Nothing else is changed."""

    def one_app_machine(block: re.Match[str]) -> str:
        inside = re.sub(r"server\s+[^;\s]+:\d+[^;]*;\s*", "", block.group(2))
        return f"{block.group(1)}server {HOST}:{upstream}; {inside}}}"

    here, replaced = re.subn(r"(upstream\s+\w+\s*\{)([^}]*)\}", one_app_machine, site)
    for old, new in (
        (r"listen\s+443\s+ssl\s*;", f"listen {HOST}:{https_port} ssl;"),
        (r"listen\s+80\s*;", f"listen {HOST}:{http_port};"),
        (r"ssl_certificate\s+\S+;", f"ssl_certificate {cert};"),
        (r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};"),
    ):
        here, count = re.subn(old, new, here)
        replaced += count
    if replaced != 5:
        raise RuntimeError(f"the README's nginx site has changed shape:\n{site}")
    return here


def nginx_conf(folder: Path, site: str) -> str:
    """A whole nginx configuration around ``site``, kept in ``folder``."""
    temp = folder / "nginx-temp"
    temp.mkdir(exist_ok=True)
    # Its workers run as nobody when started as root: they write here.
    temp.chmod(0o777)
    folder.chmod(0o755)
    paths = "\n".join(
        f"{name}_temp_path {temp / name};"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""daemon off;
worker_processes 1;
pid {folder / "nginx.pid"};
error_log {folder / "nginx-error.log"} warn;
events {{ worker_connections 1024; }}
http {{
access_log off;
{paths}
{site}
}}
"""


def self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "site.pem", folder / "site.key"
    subprocess.run(  # noqa: S603 - fixed arguments
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes"]  # noqa: S607
        + ["-keyout", str(key), "-out", str(cert), "-days", "2"]
        + ["-subj", f"/CN={SERVER_NAME}"],
        check=True,
        capture_output=True,
    )
    return cert, key


def wait_for_port(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} stopped (exit {process.returncode})")
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), 1):
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen on {port}")


@contextlib.contextmanager
def served(
    *, behind_nginx: bool, worker_class: str | None = None, site: str | None = None
) -> Iterator[Served]:
    """gunicorn as the README runs it (the repository's gunicorn.conf.py),
    alone or behind nginx with the README's site (or ``site``)."""
    folder = Path(tempfile.mkdtemp(prefix="companion-club-"))
    log = folder / "gunicorn.log"
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'club.sqlite3'}",
        "SECRET_KEY": "club-serving-check",
        "HOST": HOST,
        "PORT": str(port),
    }
    if behind_nginx:
        env["COMPANION_PROXIES"] = "1"
    extra = ["--worker-class", worker_class] if worker_class else []
    server: subprocess.Popen[bytes] | None = None
    proxy: subprocess.Popen[bytes] | None = None
    try:
        migrate(env, "companion")
        with log.open("wb") as out:
            server = subprocess.Popen(  # noqa: S603 - this Python, fixed arguments
                [sys.executable, "-m", "gunicorn", "--no-control-socket", *extra],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        wait_until_up(server, port)
        if not behind_nginx:
            yield Served(server, port, port, log=log)
            return
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("no nginx here (apt-get install nginx)")
        https_port, http_port = free_port(), free_port()
        cert, key = self_signed(folder)
        here = site_here(site or readme_site(), port, https_port, http_port, cert, key)
        conf = folder / "nginx.conf"
        conf.write_text(nginx_conf(folder, here))
        with (folder / "nginx-start.log").open("wb") as out:
            proxy = subprocess.Popen(  # noqa: S603 - Debian's nginx, our file
                [binary, "-c", str(conf), "-p", str(folder)],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        wait_for_port(https_port, proxy, "nginx")
        yield Served(server, port, https_port, True, http_port, log)
    except RuntimeError:
        print(server_log(log), file=sys.stderr)
        raise
    finally:
        if proxy is not None:
            stop(proxy)  # SIGTERM: nginx's fast stop
        if server is not None:
            stop(server)
        shutil.rmtree(folder, ignore_errors=True)


# --------------------------------------------------------------------------
# A phone, and slow clients
# --------------------------------------------------------------------------


def phone_page(
    where: Served, path: str = "/", timeout: float = PAGE_TIMEOUT
) -> tuple[float, str | None]:
    """A phone opening a page on a new connection: (seconds, error or None)."""
    start = time.monotonic()
    connection = where.connection(timeout)
    try:
        connection.request("GET", path, headers={"Host": where.host_header})
        answer = connection.getresponse()
        answer.read()
        error = None if answer.status == 200 else f"status {answer.status}"
    except (OSError, http.client.HTTPException) as problem:
        error = type(problem).__name__
    finally:
        connection.close()
    return time.monotonic() - start, error


@dataclass
class SlowTally:
    sockets: int = 0
    closed_by_server: int = 0
    answered_408: int = 0
    lived: list[float] = field(default_factory=list)
    quiet: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def slow_client(where: Served, interval: float, until: float, tally: SlowTally) -> None:
    """Request heads sent one byte every ``interval`` seconds until ``until``,
    a new socket each time the server closes one."""
    head = (
        f"GET / HTTP/1.1\r\nHost: {where.host_header}\r\n"
        "User-Agent: slow\r\nAccept: */*\r\n\r\n"
    ).encode()
    while time.monotonic() < until:
        opened = time.monotonic()
        sock = socket.create_connection((HOST, where.port), timeout=10)
        if where.tls:
            sock = unverified().wrap_socket(sock, server_hostname=SERVER_NAME)
        with tally.lock:
            tally.sockets += 1
        answer, closed = b"", False
        try:
            for byte in head[:-1]:  # never the last: the head stays unfinished
                readable, _, _ = select.select([sock], [], [], 0)
                if readable:
                    answer = sock.recv(4096)
                    closed = True
                    break
                if time.monotonic() >= until:
                    break
                sock.sendall(bytes([byte]))
                time.sleep(interval)
        except OSError:
            closed = True
        finally:
            sock.close()
        with tally.lock:
            tally.lived.append(time.monotonic() - opened)
            if closed:
                tally.closed_by_server += 1
                tally.answered_408 += answer.startswith(b"HTTP/1.1 408")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure_slow(
    where: Served,
    slow: int,
    interval: float,
    seconds: float,
    page_timeout: float = PAGE_TIMEOUT,
) -> tuple[list[float], list[str], SlowTally]:
    """Phones' pages (a new one every second) while ``slow`` slow sockets
    are open: (times, failures, what became of the slow sockets; its
    ``quiet`` holds 5 pages' times before the slow sockets opened). A few
    pages first, unmeasured: each worker's first page is slower (it is still
    loading the rules index and WeasyPrint)."""
    for _ in range(8):
        phone_page(where)
    tally = SlowTally()
    tally.quiet = [phone_page(where)[0] for _ in range(5)]
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(target=slow_client, args=(where, interval, until, tally))
        for _ in range(slow)
    ]
    for thread in threads:
        thread.start()
    time.sleep(5)  # every slow socket is open and has sent its first bytes
    times: list[float] = []
    failures: list[str] = []
    while time.monotonic() < until - 1:
        took, error = phone_page(where, timeout=page_timeout)
        times.append(took)
        if error:
            failures.append(error)
        time.sleep(max(0.0, 1 - took))
    for thread in threads:
        thread.join()
    return times, failures, tally


def slow_report(
    times: list[float], failures: list[str], tally: SlowTally, label: str
) -> str:
    lived = statistics.median(tally.lived) if tally.lived else 0.0
    return (
        f"{label}\n"
        f"  before them, phone pages p50 {statistics.median(tally.quiet) * 1000:.0f}"
        f" ms, max {max(tally.quiet) * 1000:.0f} ms\n"
        f"  during, phone pages: {len(times)}, failed {len(failures)} {failures[:5]},"
        f" p50 {statistics.median(times) * 1000:.0f} ms,"
        f" max {max(times) * 1000:.0f} ms"
        f" (in order: {[round(t * 1000) for t in times]})\n"
        f"  slow sockets opened {tally.sockets}, closed by the server"
        f" {tally.closed_by_server} ({tally.answered_408} with 408),"
        f" median life {lived:.1f} s"
    )


# --------------------------------------------------------------------------
# Keep-alive clients through a reload
# --------------------------------------------------------------------------


@dataclass
class ReloadTally:
    sent: int = 0
    answered: int = 0
    closed_after: int = 0
    slowest: float = 0.0
    drops: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def kept_alive_client(where: Served, until: float, tally: ReloadTally) -> None:
    """One kept-alive connection asking for a page every 1.5 s, idle between;
    a GET with no answer is counted as dropped, never sent again."""
    connection = where.connection()
    while time.monotonic() < until:
        start = time.monotonic()
        try:
            with tally.lock:
                tally.sent += 1
            connection.request("GET", "/", headers={"Host": where.host_header})
            answer = connection.getresponse()
            answer.read()
            with tally.lock:
                tally.slowest = max(tally.slowest, time.monotonic() - start)
                tally.answered += answer.status == 200
                if answer.status != 200:
                    tally.drops.append(f"status {answer.status}")
                tally.closed_after += answer.getheader("Connection") == "close"
        except (OSError, http.client.HTTPException) as problem:
            with tally.lock:
                tally.drops.append(type(problem).__name__)
            connection.close()
        time.sleep(1.5)
    connection.close()


def measure_reload(where: Served, clients: int, reloads: int) -> ReloadTally:
    tally = ReloadTally()
    until = time.monotonic() + 4 + 8 * reloads
    threads = [
        threading.Thread(target=kept_alive_client, args=(where, until, tally))
        for _ in range(clients)
    ]
    for thread in threads:
        thread.start()
        time.sleep(1.5 / clients)  # spread over the 1.5 s between polls
    for _ in range(reloads):
        time.sleep(4)
        where.gunicorn.send_signal(signal.SIGHUP)
        time.sleep(4)
    for thread in threads:
        thread.join()
    return tally


# --------------------------------------------------------------------------
# A form through nginx on a port other than 443
# --------------------------------------------------------------------------

HIDDEN_RE = re.compile(r'<input[^>]*type="hidden"[^>]*>')
NAME_VALUE_RE = re.compile(r'name="([^"]+)"[^>]*value="([^"]*)"')


def hidden_fields(page: str) -> dict[str, str]:
    """A form's hidden fields (its CSRF token, its once-per-tap token)."""
    return dict(
        match.groups()
        for tag in HIDDEN_RE.findall(page)
        if (match := NAME_VALUE_RE.search(tag))
    )


def post_new_table(where: Served) -> tuple[int, str, str]:
    """A phone reads the new-table form and posts it, as a browser does (its
    cookie, the form's token, the page as ``Referer``): (status, Location,
    the answer's text)."""
    base = f"{'https' if where.tls else 'http'}://{where.host_header}"
    connection = where.connection()
    try:
        connection.request("GET", "/new/all-roads", headers={"Host": where.host_header})
        page = connection.getresponse()
        text = page.read().decode()
        cookies = "; ".join(
            value.split(";", 1)[0]
            for name, value in page.getheaders()
            if name.lower() == "set-cookie"
        )
        form = hidden_fields(text)
        if page.status != 200 or "csrf_token" not in form:
            raise RuntimeError(f"the form page answered {page.status}")
        form |= {
            "players-0-name": "Livia",
            "players-0-colour": "red",
            "players-1-name": "Marcus",
            "players-1-colour": "blue",
        }
        from urllib.parse import urlencode

        connection.request(
            "POST",
            "/new/all-roads",
            body=urlencode(form),
            headers={
                "Host": where.host_header,
                "Cookie": cookies,
                "Origin": base,
                "Referer": f"{base}/new/all-roads",
                "Content-Type": "application/x-www-form-urlencoded",
            },
        )
        answer = connection.getresponse()
        return answer.status, answer.getheader("Location") or "", answer.read().decode()
    finally:
        connection.close()


def port_80_redirect(where: Served, path: str = "/t/abc?x=1") -> tuple[int, str]:
    """What the site's plain-HTTP port answers: (status, Location)."""
    if where.http_port is None:
        raise RuntimeError("no nginx in front: no port-80 site")
    connection = http.client.HTTPConnection(HOST, where.http_port, timeout=10)
    try:
        connection.request("GET", path, headers={"Host": SERVER_NAME})
        answer = connection.getresponse()
        answer.read()
        return answer.status, answer.getheader("Location") or ""
    finally:
        connection.close()


# --------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("check", choices=("slow", "reload", "form"))
    parser.add_argument("--nginx", action="store_true", help="behind README's nginx")
    parser.add_argument("--worker-class", help="e.g. gthread (gunicorn's stock one)")
    parser.add_argument("--slow", type=int, default=16, help="slow sockets")
    parser.add_argument("--interval", type=float, default=3.0, help="s between bytes")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=16, help="kept-alive clients")
    parser.add_argument("--reloads", type=int, default=2)
    args = parser.parse_args()
    behind = args.nginx or args.check == "form"
    with served(behind_nginx=behind, worker_class=args.worker_class) as where:
        label = (
            f"{'nginx (README site) -> ' if behind else ''}gunicorn"
            f" ({args.worker_class or 'gunicorn.conf.py'})"
        )
        if args.check == "slow":
            times, failures, tally = measure_slow(
                where, args.slow, args.interval, args.seconds
            )
            print(
                slow_report(
                    times,
                    failures,
                    tally,
                    f"{label}: {args.slow} slow sockets, a byte every"
                    f" {args.interval:g} s, for {args.seconds:g} s",
                )
            )
            return 1 if failures else 0
        if args.check == "reload":
            reloaded = measure_reload(where, args.clients, args.reloads)
            print(
                f"{label}: {args.clients} kept-alive clients, {args.reloads} reloads"
                f" (SIGHUP)\n  GETs sent {reloaded.sent}, answered"
                f" {reloaded.answered}, dropped {len(reloaded.drops)}"
                f" {reloaded.drops[:8]}; answered with Connection: close"
                f" {reloaded.closed_after}; slowest answer"
                f" {reloaded.slowest * 1000:.0f} ms"
            )
            return 1 if reloaded.drops else 0
        status, location, _ = post_new_table(where)
        redirect = port_80_redirect(where)
        print(
            f"{label} on HTTPS port {where.port}: form POST answered {status}"
            f" -> {location}\n  port-80 site: {redirect[0]} -> {redirect[1]}"
        )
        return 0 if status == 302 else 1


if __name__ == "__main__":
    sys.exit(main())
