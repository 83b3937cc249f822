"""Web plumbing shared by every page: language, security headers, template helpers."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from flask import (
    Flask,
    Response,
    current_app,
    g,
    has_app_context,
    redirect,
    request,
    session,
)
from flask.typing import ResponseReturnValue
from flask_babel import (
    LazyString,
    format_date,
    format_datetime,
    get_locale,
    get_translations,
)
from flask_babel import lazy_gettext as _l

from ..engines import GAMES
from ..engines.base import (
    Citation,
    Colour,
    Message,
    Problem,
    RuleError,
    TableFileError,
    player_marks,
    shown_path,
)

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""Everything comes from the app itself: no CDN, no inline script."""

THEME_COLOUR = "#8a2d1e"
"""The header's colour (``--accent`` in static/style.css): the phone's bar."""
BACKGROUND_COLOUR = "#faf7f2"
"""The page's colour (``--bg`` in static/style.css): the splash screen."""

DESCRIPTION = _l(
    "Scoring at the table for Foundations of Rome, All Roads and Glory to Rome: "
    "every point explained, with the rule behind it."
)
"""What the app is, in a sentence: the manifest's and the pages' description."""


def _template_in(translations: Any) -> Callable[[Message], str]:
    """The template of a message in the language of ``translations``."""

    def template(message: Message) -> str:
        if message.plural is not None:
            count = message.fields.get(message.count)
            n = count if isinstance(count, int) else 0
            return str(translations.ungettext(message.template, message.plural, n))
        return str(translations.ugettext(message.template))

    return template


_READER: Final = "companion_reader_words"
"""Where a request keeps its language's look-up (``flask.g``)."""


@dataclass(frozen=True)
class _Reader:
    lang: str
    translations: Any
    template: Callable[[Message], str]


def _reader() -> _Reader:
    """The reader's language and its translations, found once a page
    (issue 33: a page of explanations asks thousands of times) rather than
    through Flask-Babel's context on every message. Kept per locale, so a
    ``force_locale`` block, which sets another, gets its own."""
    ctx = g.get("_flask_babel") if has_app_context() else None
    locale = getattr(ctx, "babel_locale", None)
    if locale is None:
        locale = get_locale()
        ctx = g.get("_flask_babel") if has_app_context() else None
    if ctx is None:  # outside a request: English, as Flask-Babel says
        translations = get_translations()
        return _Reader(str(locale or "en"), translations, _template_in(translations))
    kept: dict[Any, _Reader] = g.setdefault(_READER, {})
    found = kept.get(locale)
    if found is None:
        translations = get_translations()
        found = _Reader(str(locale or "en"), translations, _template_in(translations))
        kept[locale] = found
    return found


def _gettext(text: str) -> str:
    """Templates' ``_()``: Flask-Babel's, with the translations found once a page."""
    return str(_reader().translations.ugettext(text))


def _ngettext(singular: str, plural: str, n: int) -> str:
    """Templates' ``ngettext()``, likewise."""
    return str(_reader().translations.ungettext(singular, plural, n))


def reader_code() -> str:
    """The reader's language code (``en``, ``it``, ``zh``), found once a page."""
    return _reader().lang


def words(message: Message | Citation | str) -> str:
    """An engine's message or citation in the reader's language (``words`` filter)."""
    if isinstance(message, Message):
        reader = _reader()
        return message.render(reader.template, lang=reader.lang)
    if isinstance(message, Citation):
        reader = _reader()
        return message.as_message().render(reader.template, lang=reader.lang)
    return str(message)


def lazy_words(message: Message) -> LazyString:
    """``message`` in the language of whoever reads it later: for words kept at
    import time and rendered by a page (as ``lazy_gettext`` does)."""
    return LazyString(words, message)


COLOUR_NAMES = {colour.value: lazy_words(colour.title) for colour in Colour}
"""Player colours in words, by player id: a colour is never shown by its swatch
alone."""

GAME_NAMES = {game.slug: lazy_words(game.title) for game in GAMES}
"""Each game's name, by slug."""

GAME_OPTIONS = {
    game.slug: tuple(
        (expansion.key, lazy_words(expansion.option)) for expansion in game.expansions
    )
    for game in GAMES
    if game.expansions
}
"""The options (expansions) a table of each game may turn on, by slug: its
registry entry's ``expansions``."""

LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "zh": "中文"}
"""Each language in its own words, for the switcher."""


def problem_words(problem: Problem) -> str:
    """A problem of a table file in the reader's language, after its JSON path
    (the path stays as the file spells it)."""
    return f"{shown_path(problem.path)}: {words(problem.message)}"


def error_words(error: Exception) -> str:
    """A refused action's reason in the reader's language: a rule error's
    message, or each problem of a table file (JSON path and message)."""
    if isinstance(error, TableFileError):
        return "; ".join(problem_words(problem) for problem in error.problems)
    if isinstance(error, RuleError):
        return words(error.message)
    return str(error)


def select_locale() -> str | None:
    """The player's language: the one they chose, else the browser's preference."""
    chosen = session.get("lang")
    if chosen in current_app.config["LANGUAGES"]:
        return str(chosen)
    return request.accept_languages.best_match(current_app.config["LANGUAGES"])


def choose_language(code: str) -> ResponseReturnValue:
    """Remember the player's language, then go back to the page they were on."""
    if code in current_app.config["LANGUAGES"]:
        session["lang"] = code
    return redirect(same_site_path(request.args.get("next")))


_SAME_SITE_PATH: Final = re.compile(r"^/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]*\Z")
"""A path on this site and nothing else: it starts with one slash, and every
character is one a URL may hold as it is (no control character a browser
would drop, no backslash it would read as a slash), so ``/%09/evil.example``
(a tab, then ``/evil.example``) cannot become ``//evil.example``."""


def same_site_path(target: str | None, home: str = "/") -> str:
    """``target`` if it is a path on this site, else ``home``: where a
    ``next`` parameter may send a player, never to another site."""
    if target and _SAME_SITE_PATH.match(target):
        return target
    return home


def _security_headers(response: Response) -> Response:
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("Referrer-Policy", "same-origin")
    if response.mimetype == "text/html":
        # The page's language, for the service worker: it keeps its offline
        # page in the language the pages are read in (static/sw.js).
        headers.setdefault("Content-Language", str(get_locale()))
    return response


def init_app(app: Flask) -> None:
    app.after_request(_security_headers)
    app.add_url_rule("/lang/<code>", "choose_language", choose_language)
    app.jinja_env.filters["words"] = words
    # Flask-Babel's template callables, with the look-up found once a page.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_gettext, ngettext=_ngettext, newstyle=True
    )
    app.jinja_env.globals.update(
        GAMES=GAMES,
        GAME_NAMES=GAME_NAMES,
        COLOUR_NAMES=COLOUR_NAMES,
        player_marks=player_marks,
        get_locale=get_locale,
        LANGUAGE_NAMES=LANGUAGE_NAMES,
        format_datetime=format_datetime,
        format_date=format_date,
        APP_DESCRIPTION=DESCRIPTION,
        THEME_COLOUR=THEME_COLOUR,
        OPTION_NAMES={
            key: label for options in GAME_OPTIONS.values() for key, label in options
        },
    )
