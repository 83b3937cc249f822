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


def pdf_text(client: FlaskClient, table_id: str) -> str:
    response = client.get(f"/t/{table_id}/report.pdf")
    assert response.status_code == 200
    reader = pypdf.PdfReader(io.BytesIO(response.data))
    return " ".join(" ".join(p.extract_text() for p in reader.pages).split())


def test_glory_report_names_the_forum_winner_whatever_the_scores(
    actions: TableActions, client: FlaskClient
) -> None:
    """004, 计分和胜利条件: after a Forum victory the scores are not compared."""
    from .test_views_glory import Camps

    camps = Camps(actions)
    camps.enter(**{"camps-0-influence": 20, "camps-2-buildings-0-name": "Forum"})
    assert "Marco Aurelio wins with 20 VP." in pdf_text(client, camps.id)
    data = actions.form(f"/t/{camps.id}/end")
    data.update(how="forum", winner="p3")
    assert client.post(f"/t/{camps.id}/end", data=data).status_code == 302
    text = pdf_text(client, camps.id)
    assert "Lucía wins with the Forum: the scores are not compared" in text
    assert "Marco Aurelio wins" not in text


def test_all_roads_report_names_no_winner_before_the_last_turn(
    actions: TableActions, client: FlaskClient
) -> None:
    """002, "End of the Game": the winner is known once every tile is placed."""
    from .test_views_all_roads import FOUR, Game

    game = Game(actions, FOUR[:2])
    assert "victory" not in pdf_text(client, game.id)  # a new table: nothing yet
    full = {"monument": 3, "spa": 3, "villa": 6, "house": 7}
    assert game.tally([("unbuilt", full), ("unbuilt", full)]).status_code == 302
    tally = pdf_text(client, game.id)  # a final tally: the game is over
    assert "Chiara and Bo share the victory with 40 unbuilt points each." in tally
    # The tally finished the game: recording turns needs it reopened first.
    assert actions.post_action(game.id, "reopen").status_code == 302
    assert game.turn("green", dead_end=2).status_code == 302
    text = pdf_text(client, game.id)
    assert "Unbuilt points so far: the game is not over" in text
    assert "Chiara leads with 38 unbuilt points." in text
    assert "victory" not in text and "wins with" not in text
    # Tied in the middle of the game: a shared lead, no tie-break announced yet.
    assert game.turn("blue", dead_end=2).status_code == 302
    text = pdf_text(client, game.id)
    assert "Chiara and Bo share the lead with 38 unbuilt points each." in text
    assert "victory" not in text
