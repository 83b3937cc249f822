"""Issue 31, item 4: no PDF child outlives its worker. gunicorn served as
scripts/start.sh serves it (``gunicorn`` reading gunicorn.conf.py, two
workers), PDFs asked for as each reload or stop comes: two reloads (HUP), a
worker killed (``kill -9``) and a stop (TERM) leave no PDF process
(``scripts/load.py --pdf-lifetime``, which also prints the same)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from .conftest import require_shared
from .helpers import script_module


@pytest.mark.benchmark
def test_two_reloads_a_killed_worker_and_a_stop_leave_no_pdf_child() -> None:
    require_shared()
    load = script_module("load")
    with ThreadPoolExecutor(max_workers=1) as pool:
        result = pool.submit(load.pdf_lifetime, 2, 2).result()
    left = result["left"]
    print(left)
    # The killed worker had a child, which the check must have seen.
    assert left.pop("its child, before"), result["log"]
    assert set(left) == {
        "after reload 1",
        "after reload 2",
        "after kill -9 of a worker",
        "after the stop",
    }
    assert all(pids == [] for pids in left.values()), (left, result["log"])
    # Two workers at first, two after each reload, one after the kill.
    assert len(result["workers"]) == 7
