"""The report button: every game's table downloads its PDF, A4 or Letter."""

from __future__ import annotations

import io

import pytest
from flask.testing import FlaskClient

from companion.engines import GAMES, Game

from .conftest import TableActions

pypdf = pytest.importorskip("pypdf")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
@pytest.mark.parametrize(
    ("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))]
)
def test_every_game_downloads_its_report(
    actions: TableActions,
    client: FlaskClient,
    game: Game,
    paper: str,
    size: tuple[int, int],
) -> None:
    ids = game.colours or ("",) * 5
    names = ["Ana", "李雷", "Lucía"]
    table_id = actions.create_id(game.slug, [(names[i], ids[i]) for i in range(3)])
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert (
        f"/t/{table_id}/report.pdf?paper=a4" in page
        or game.slug == "foundations-of-rome"
    )
    response = client.get(f"/t/{table_id}/report.pdf?paper={paper}")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")
    assert "attachment" in response.headers["Content-Disposition"]
    reader = pypdf.PdfReader(io.BytesIO(response.data))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
    assert "李雷" in "".join(p.extract_text() for p in reader.pages)


def test_unknown_paper_is_refused(actions: TableActions, client: FlaskClient) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    response = client.get(f"/t/{table_id}/report.pdf?paper=a3")
    assert response.status_code == 400
    assert "a4 or letter" in response.get_data(as_text=True)
