"""HTML to PDF with WeasyPrint: a thin adapter that can fetch nothing but the
app's own static files.

WeasyPrint costs most of a second to import, and its first document more
(fonts found, stylesheets parsed), so a worker that serves pages loads it in
the background as it starts (:func:`warm_up`, like the rules index): the
first PDF a player asks for then costs what any other does. Importing the
app or the engines never imports it. Every URL the
document names (a stylesheet, an image, a font, a link to attach) goes through
:func:`fetch_static`, which serves a file under the static folder and refuses
everything else: other local files, the network, ``data:`` URLs. So no input,
whatever it holds, can make the server read a file or open a connection.
"""

from __future__ import annotations

import mimetypes
import threading
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, Final
from urllib.parse import unquote, urlsplit

PDF_VARIANT: Final = "pdf/ua-1"
"""Every report is a tagged PDF, WeasyPrint's PDF/UA-1 variant (WeasyPrint
70 docs, "--pdf-variant": ``pdf/ua-1`` sets ``pdf_tags``, PDF 1.7): a
structure tree (``/StructTreeRoot``, ``/MarkInfo /Marked true``) that screen
readers follow (headings, paragraphs, the score table's cells), the
language, and XMP metadata with the title, the authors (the players, from
the page's ``<meta name="author">``) and the creator tool (``<meta
name="generator">``: the app), which the document info's ``/Author`` and
``/Creator`` repeat (UTF-16 there when a name is Chinese)."""

STATIC_DIR: Final = Path(__file__).resolve().parents[2] / "static"
"""The app's static folder (``create_app`` serves the same one)."""

DRAWING_SCHEME: Final = "report:"
"""``report:board.svg`` names a drawing the report made itself, served from
memory: SVG given as an image is parsed much faster than inline SVG."""


class Paper(Enum):
    """The paper sizes of the report."""

    A4 = "a4"
    """ISO A4, 210 x 297 mm: the default."""
    LETTER = "letter"
    """US Letter, 8.5 x 11 inches."""

    @property
    def css(self) -> str:
        """The CSS ``@page { size }`` value."""
        return "A4" if self is Paper.A4 else "letter"

    @classmethod
    def parse(cls, text: str | Paper) -> Paper:
        """The paper called ``text`` (``a4`` or ``letter``, any case).

        :raises ValueError: another name.
        """
        if isinstance(text, Paper):
            return text
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(p.value for p in cls)
            raise ValueError(f"{text!r} is not a paper size ({names})") from None


class RefusedURLError(ValueError):
    """A URL outside the static folder: never fetched."""


def static_url(root: Path | str = STATIC_DIR) -> str:
    """The ``file:`` URL of the static folder, ending in ``/``, to resolve the
    document's relative URLs (``print.css``) against."""
    return Path(root).resolve().as_uri() + "/"


def fetch_static(url: str, root: Path | str = STATIC_DIR) -> tuple[bytes, str]:
    """The bytes and media type of the static file that ``url`` names.

    Only a ``file:`` URL of a regular file inside ``root`` (after resolving
    ``..`` and symbolic links) is served.

    :raises RefusedURLError: any other URL: another scheme (``http``, ``data``
        ...), a host, a path outside ``root``, a missing file.
    """
    parts = urlsplit(url)
    if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
        raise RefusedURLError(f"only the app's static files are fetched, not {url}")
    base = Path(root).resolve()
    path = Path(unquote(parts.path)).resolve()
    if not path.is_relative_to(base) or not path.is_file():
        raise RefusedURLError(f"not a static file of the app: {url}")
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return path.read_bytes(), kind


@cache
def _weasyprint() -> ModuleType:
    """WeasyPrint, imported on first use and kept for the process."""
    import weasyprint  # type: ignore[import-untyped]

    module: ModuleType = weasyprint
    return module


_local = threading.local()


def _font_config() -> Any:
    """This thread's WeasyPrint font configuration, made once: fonts are found
    once rather than for every report (about 15% of a report's time)."""
    config = getattr(_local, "font_config", None)
    if config is None:
        from weasyprint.text.fonts import FontConfiguration  # type: ignore[import-untyped]

        config = _local.font_config = FontConfiguration()
    return config


@cache
def _fetcher_class() -> type[Any]:
    """A WeasyPrint URL fetcher that serves only :func:`fetch_static`."""
    from weasyprint.urls import (  # type: ignore[import-untyped]
        URLFetcher,
        URLFetcherResponse,
    )

    class StaticOnlyFetcher(URLFetcher):  # type: ignore[misc]
        def __init__(self, root: Path, drawings: Mapping[str, str]) -> None:
            super().__init__(allowed_protocols=(), allow_redirects=False)
            self.root = root
            self.drawings = dict(drawings)
            self.fetched: list[str] = []
            self.refused: list[str] = []

        def fetch(self, url: str, headers: object = None) -> Any:
            try:
                if url.startswith(DRAWING_SCHEME):
                    name = url[len(DRAWING_SCHEME) :]
                    if name not in self.drawings:
                        raise RefusedURLError(f"the report has no drawing {name!r}")
                    body = self.drawings[name].encode()
                    kind = "image/svg+xml"
                else:
                    body, kind = fetch_static(url, self.root)
            except RefusedURLError:
                self.refused.append(url)
                raise
            self.fetched.append(url)
            return URLFetcherResponse(url, body, {"Content-Type": kind})

    return StaticOnlyFetcher


def url_fetcher(
    root: Path | str = STATIC_DIR, drawings: Mapping[str, str] | None = None
) -> Any:
    """A new WeasyPrint URL fetcher serving only the files under ``root`` and
    the ``drawings`` (``report:NAME``); its ``fetched`` and ``refused`` lists
    record every URL asked for."""
    return _fetcher_class()(Path(root).resolve(), drawings or {})


def render_pdf(
    html: str,
    *,
    base_url: Path | str = STATIC_DIR,
    paper: Paper | str = Paper.A4,
    drawings: Mapping[str, str] | None = None,
    fetcher: Any = None,
) -> bytes:
    """The PDF of ``html`` on ``paper``.

    :param base_url: the app's static folder (a path or its ``file:`` URL):
        relative URLs resolve against it, and nothing outside it is fetched.
    :param drawings: SVG the page names as ``report:NAME``.
    :param fetcher: a fetcher from :func:`url_fetcher` to inspect afterwards
        (tests); by default a new one for ``base_url`` and ``drawings``.
    :raises ValueError: an unknown paper size.
    """
    size = Paper.parse(paper)
    text = str(base_url)
    root = (
        Path(unquote(urlsplit(text).path)) if text.startswith("file:") else Path(text)
    )
    if not root.is_dir():
        raise ValueError(f"{root} is not the static folder")
    weasyprint = _weasyprint()
    if fetcher is None:
        fetcher = url_fetcher(root, drawings)
    document = weasyprint.HTML(
        string=html, base_url=static_url(root), url_fetcher=fetcher
    )
    # A user stylesheet: only !important overrides print.css's A4.
    font_config = _font_config()
    page = weasyprint.CSS(
        string=f"@page {{ size: {size.css} !important; }}",
        url_fetcher=fetcher,
        font_config=font_config,
    )
    pdf: bytes = document.write_pdf(
        stylesheets=[page], font_config=font_config, pdf_variant=PDF_VARIANT
    )
    return pdf


WARM_UP_HTML: Final = (
    '<!doctype html><html><head><meta charset="utf-8">'
    '<link rel="stylesheet" href="print.css"></head><body>'
    "<h1>Roma</h1><p>Aa 0123456789 àèì VP 罗马荣耀</p>"
    "<table><tr><th>1</th><td>2</td></tr></table>"
    '<img src="report:warm.svg" alt="">'
    "</body></html>"
)
"""A page with what the report uses: its stylesheet and fonts (Latin and
Chinese), a table and an SVG drawing."""

WARM_UP_SVG: Final = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    '<rect width="10" height="10" fill="#8a2d1e"/></svg>'
)


def warm_up(root: Path | str = STATIC_DIR) -> None:
    """Import WeasyPrint and draw one small page with the report's stylesheet
    and fonts, so the first real report of this process is as fast as the
    next (fonts and stylesheets are then in the process's caches)."""
    render_pdf(WARM_UP_HTML, base_url=root, drawings={"warm.svg": WARM_UP_SVG})


def warm_up_in_background(
    root: Path | str = STATIC_DIR, then: Callable[[], object] | None = None
) -> threading.Thread:
    """:func:`warm_up`, then ``then()``, in a daemon thread (a failure is
    left to the first real report, which then reports it)."""

    def run() -> None:
        try:
            warm_up(root)
            if then is not None:
                then()
        except Exception:  # noqa: BLE001 - the first report tries again
            return

    thread = threading.Thread(target=run, name="pdf-warm-up", daemon=True)
    thread.start()
    return thread
