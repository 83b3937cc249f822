"""How responses leave the app, however it is started (issue 29): compressed,
and static files under URLs that change with their content, cached a year.

- **Compression** is Flask-Compress's (brotli when the browser takes it,
  else gzip) for pages, CSS, JavaScript, JSON and SVG of 500 bytes or more;
  a PDF (already compressed) and a tiny answer are sent as they are. A
  streamed response is never wrapped (``COMPRESS_STREAMS`` off): it goes out
  as it was made, and its file is closed as Flask closes it.
- **Static files**: ``url_for('static', filename='style.css')`` gives
  ``/static/style.css?v=<hash>``, the first 12 hex digits of the SHA-256 of
  the file's bytes (:func:`fingerprint`). A request with the file's own hash
  is answered ``Cache-Control: public, max-age=31536000, immutable``: a
  phone asks for it once, and the next release's file has another URL. The
  plain ``/static/style.css`` (or an old hash) still answers, ``no-cache``:
  the browser asks again each time and gets a 304 while it is unchanged.
  A file is read and hashed once, and again only when its size or time of
  change moves (one ``stat`` per URL made), and sent from memory, whole, so
  it is compressed like a page (the folder holds small files only).
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import stat
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from flask import Flask, Response, abort, current_app, request
from werkzeug.security import safe_join

IMMUTABLE: Final = "public, max-age=31536000, immutable"
"""A fingerprinted file: a year, and never asked for again (its URL is its
content)."""
REVALIDATE: Final = "no-cache"
"""A file asked for by its plain name: kept, but checked (ETag) each time."""
VERSION_ARG: Final = "v"
"""The query parameter that carries a static file's fingerprint."""

COMPRESSION: Final[dict[str, Any]] = {
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_BR_LEVEL": 5,
    "COMPRESS_LEVEL": 6,
    "COMPRESS_MIN_SIZE": 500,
    "COMPRESS_STREAMS": False,
}
"""Flask-Compress's settings (any may be overridden by the app's config):
brotli first (at level 5 smaller than gzip's 6 and no slower: style.css
23.9 kB is 5.6 kB, gzip 5.9 kB, in about 4 ms), gzip for the rest; never a
streamed response."""


@dataclass(frozen=True)
class StaticFile:
    """A static file as it is served: its bytes, their fingerprint, its type."""

    data: bytes
    version: str
    mimetype: str
    stamp: tuple[int, int]
    """Its time of change (ns) and size when read: either moving reads it again."""


def fingerprint(data: bytes) -> str:
    """What a static file's URL carries: 12 hex digits of its SHA-256."""
    return hashlib.sha256(data).hexdigest()[:12]


class StaticFiles:
    """The static folder's files, each read once per change."""

    def __init__(self, root: str) -> None:
        self.root = root
        self._files: dict[str, StaticFile] = {}
        self._lock = threading.Lock()

    def stamp(self) -> int:
        """What changes whenever a file of the folder changes (each file's
        time and size, hashed): pages kept with the fingerprints of their
        static URLs are kept under it (``derived.reader_key``). A few dozen
        ``stat`` calls, far below a page's cost."""
        found: list[tuple[str, int, int]] = []
        folders = [self.root]
        while folders:
            try:
                entries = list(os.scandir(folders.pop()))
            except OSError:
                continue
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                else:
                    try:
                        at = entry.stat()
                    except OSError:
                        continue
                    found.append((entry.path, at.st_mtime_ns, at.st_size))
        return hash(tuple(sorted(found)))

    def get(self, filename: str) -> StaticFile | None:
        """The file ``filename`` names inside the folder, if it is a regular
        file there (no ``..``, no absolute path, no folder)."""
        path = safe_join(self.root, filename)
        if path is None:
            return None
        try:
            found = os.stat(path)
        except (OSError, ValueError):  # missing, or a name no system takes
            return None
        if not stat.S_ISREG(found.st_mode):
            return None
        stamp = (found.st_mtime_ns, found.st_size)
        kept = self._files.get(path)
        if kept is not None and kept.stamp == stamp:
            return kept
        with self._lock:
            data = Path(path).read_bytes()
            kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
            kept = StaticFile(data, fingerprint(data), kind, stamp)
            self._files[path] = kept
        return kept


_EXTENSION: Final = "companion_static_files"


def static_files(app: Flask) -> StaticFiles:
    files: StaticFiles = app.extensions[_EXTENSION]
    return files


def version_of(filename: str) -> str | None:
    """The fingerprint of the static file ``filename``, if there is one."""
    found = static_files(current_app).get(filename)
    return found.version if found is not None else None


def add_fingerprint(endpoint: str | None, values: dict[str, Any]) -> None:
    """``url_for('static', ...)`` carries the file's fingerprint (``v=``)."""
    if endpoint != "static" or VERSION_ARG in values:
        return
    version = version_of(str(values.get("filename", "")))
    if version is not None:
        values[VERSION_ARG] = version


def serve_static(filename: str) -> Response:
    """A static file, from memory: a year's cache under its fingerprint,
    ``no-cache`` under its plain name or another fingerprint. Its ETag is
    weak, so a 304 answers whatever encoding the browser kept."""
    found = static_files(current_app).get(filename)
    if found is None:
        abort(404)
    response = Response(found.data, mimetype=found.mimetype)
    response.set_etag(found.version, weak=True)
    fingerprinted = request.args.get(VERSION_ARG) == found.version
    response.headers["Cache-Control"] = IMMUTABLE if fingerprinted else REVALIDATE
    response.make_conditional(request)
    return response


def init_app(app: Flask) -> None:
    """Compress what leaves (call it first: its after-request hook then runs
    last, on the finished response), and serve static files fingerprinted."""
    from flask_compress import Compress

    for key, value in COMPRESSION.items():
        app.config.setdefault(key, value)
    Compress(app)
    if app.static_folder is not None:
        app.extensions[_EXTENSION] = StaticFiles(app.static_folder)
        app.view_functions["static"] = serve_static
        app.url_defaults(add_fingerprint)
