"""Issue 21: one secret key for every worker and machine: SECRET_KEY in the
environment wins; otherwise the instance key is written whole before anyone
can read it, so workers starting at once all read the same non-empty key."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion import _instance_secret_key

from .conftest import make_app

ROOT = Path(__file__).resolve().parents[1]

# A worker starting: the key made slowly (as on a busy machine), then read.
WORKER = """
import secrets, sys, time
from pathlib import Path
real = secrets.token_hex
def slow(n):
    time.sleep(0.2)
    return real(n)
secrets.token_hex = slow
from companion import _instance_secret_key
print(_instance_secret_key(Path(sys.argv[1])))
"""


def test_workers_starting_at_once_read_one_whole_key(tmp_path: Path) -> None:
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(tmp_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(8)
    ]
    keys = {worker.communicate(timeout=60)[0].strip() for worker in workers}
    assert all(worker.returncode == 0 for worker in workers)
    stored = (tmp_path / "secret_key").read_text()
    assert keys == {stored} and len(stored) == 64
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
    # No temporary file is left behind.
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]


def test_an_empty_key_file_is_an_error_that_says_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "secret_key").write_text("")
    with pytest.raises(RuntimeError, match="delete it"):
        _instance_secret_key(tmp_path)


SHARED = "shared-by-every-machine"  # noqa: S105 - a test's value, no secret


def test_the_environment_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SECRET_KEY", SHARED)
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'k.sqlite3'}", SECRET_KEY="")
    assert app.config["SECRET_KEY"] == SHARED
    assert not (tmp_path / "secret_key").exists()
