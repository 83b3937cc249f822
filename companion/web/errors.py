"""Error pages: ``errors/<code>.html`` where one exists, else ``errors/error.html``.

A refused POST shows what the player sent, so nothing typed is lost.
"""

from __future__ import annotations

from flask import Flask, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

HANDLED = (400, 403, 404, 405, 409, 413, 500)

TITLES = {
    400: _l("That request could not be used"),
    403: _l("Not allowed"),
    404: _l("Not found"),
    405: _l("Not allowed here"),
    409: _l("Changed meanwhile"),
    413: _l("Too large"),
    500: _l("Something went wrong"),
}

MESSAGES = {
    400: _l("The request was incomplete or malformed. Nothing was saved."),
    403: _l("You may not do that here."),
    404: _l("There is nothing at this address."),
    405: _l("This page cannot be used that way."),
    409: _l("The table changed on another device; reload it and try again."),
    413: _l("That upload is larger than 1 MB; a table file is much smaller."),
    500: _l(
        "The app hit an error it did not expect. Nothing was saved by this "
        "request. Please try again; if it happens again, export the table file "
        "and report the problem."
    ),
}
"""Our own words for each code: werkzeug's defaults are English only."""


CSRF_REFUSED = "X-CSRF-Refused"
"""The header of an answer that refused a form for its CSRF token."""

PLUMBING = frozenset({"csrf_token", "version", "base", "once"})
"""Fields every form carries for the app, not typed by the player: not shown
back (the CSRF token, the table version, what the page showed, the one-time
token)."""


def submitted_input() -> list[tuple[str, str]]:
    """The fields of a refused form post, minus the app's own, to show back."""
    if request.method != "POST":
        return []
    try:
        form = request.form
    except HTTPException:  # the body itself was refused (e.g. too large)
        return []
    return [
        (key, value)
        for key, value in form.items(multi=True)
        if key not in PLUMBING and value.strip()
    ]


def render_error(
    error: HTTPException, *, message: str | None = None
) -> tuple[str, int]:
    code = error.code or 500
    if message is None and error.description != type(error).description:
        message = error.description  # our own words, given to abort()
    return (
        render_template(
            [f"errors/{code}.html", "errors/error.html"],
            code=code,
            title=TITLES.get(code, error.name),
            message=message or MESSAGES.get(code, error.description),
            submitted=submitted_input(),
        ),
        code,
    )


def register_error_handlers(app: Flask) -> None:
    def on_http_error(error: HTTPException) -> tuple[str, int]:
        return render_error(error)

    def on_csrf_error(error: CSRFError) -> tuple[str, int, dict[str, str]]:
        page, code = render_error(
            error,
            message=_(
                "This form has expired or did not come from this app, so nothing "
                "was saved. Go back, reload the page and send it again."
            ),
        )
        # A save kept offline (static/offline.js) that comes back with an
        # expired token takes a fresh one from its page and is sent again.
        return page, code, {CSRF_REFUSED: "1"}

    def on_unexpected(error: Exception) -> tuple[str, int]:
        # Flask logged the exception already (``log_exception``): logging it
        # here too wrote every traceback twice (issue 31).
        return render_error(InternalServerError())

    for code in HANDLED:
        app.register_error_handler(code, on_http_error)
    app.register_error_handler(CSRFError, on_csrf_error)
    app.register_error_handler(InternalServerError, on_unexpected)
