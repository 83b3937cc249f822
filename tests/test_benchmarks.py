"""Issue 16's benchmarks, run quickly: every figure measured, every page
answered, the figures printed (``pytest -m benchmark -s`` shows them; they
are printed past pytest's capture too).

No time is asserted: the milliseconds belong to the machine, and the ratios
are figures to read (``scripts/benchmark.py`` without ``--quick`` for steadier
ones), not a pass or a fail.
"""

from __future__ import annotations

import math
from types import ModuleType

import pytest

from .conftest import require_shared
from .helpers import script_module

pytestmark = pytest.mark.benchmark


def load_benchmark() -> ModuleType:
    """scripts/benchmark.py as a module."""
    return script_module("benchmark")


def test_the_benchmarks_measure_every_figure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    require_shared()
    benchmark = load_benchmark()
    result = benchmark.run(quick=True)
    with capsys.disabled():
        print("\n" + benchmark.report(result))

    figures = result["figures"]
    expected = {f"{page}@{n}" for page in ("table", "era") for n in benchmark.STEPS}
    expected |= {f"home@{n}" for n in benchmark.TABLES}
    expected |= {"pdf_first", "pdf_warm", "pdf_cached"}
    assert set(figures) == expected
    for key, figure in figures.items():
        assert figure["runs"] >= 1, key
        assert figure["statuses"] == [200], (key, figure["statuses"])
        assert math.isfinite(figure["median_ms"]) and figure["median_ms"] > 0, key
        assert figure["p95_ms"] >= figure["median_ms"], key
    for key in ("pdf_first", "pdf_warm", "pdf_cached"):
        assert figures[key]["mimetypes"] == ["application/pdf"], key
    for key in expected - {"pdf_first", "pdf_warm", "pdf_cached"}:
        assert figures[key]["mimetypes"] == ["text/html"], key

    ratios = result["ratios"]
    assert set(ratios) == set(benchmark.GOALS)
    for key, ratio in ratios.items():
        assert math.isfinite(ratio["value"]) and ratio["value"] > 0, key
        assert isinstance(ratio["met"], bool), key
