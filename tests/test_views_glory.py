"""Glory to Rome screens: camps entered by form, scores, merchant bonuses, the end."""

from __future__ import annotations

import json
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from .conftest import TableActions, TableScreens, require_shared
from .helpers import soup
from .scenario_match import expected_result

THREE = [("Marco Aurelio", ""), ("李雷", ""), ("Lucía", "")]


def cells(page: BeautifulSoup) -> dict[str, dict[str, str]]:
    """Each player's cells of the result table (a column per player)."""
    table = page.select_one("table.gtr-result")
    return {
        th["data-player"]: {
            td["data-category"]: td.get_text(strip=True)
            for td in table.select(f"td[data-player={th['data-player']}]")
        }
        | {"place": th.select_one(".place").get_text(strip=True)}
        for th in table.select("thead th[data-player]")
    }


class Camps(TableScreens):
    game = "glory-to-rome"
    seats = THREE

    def enter(self, **values: Any) -> TestResponse:
        """Post the camps screen as shown, every camp marked entered (the
        camps as a player enters them all), with ``values`` changed: True
        checks a box, False unchecks it."""
        data = self.actions.form(f"/t/{self.id}/camps")
        rows = {key.split("-")[1] for key in data if key.startswith("camps-")}
        data.update({f"camps-{k}-entered": "y" for k in rows})
        for key, value in values.items():
            if value is False:
                data.pop(key, None)
            else:
                data[key] = "y" if value is True else str(value)
        return self.client.post(f"/t/{self.id}/camps", data=data)


def test_new_table_starts_valid_and_scored(actions: TableActions) -> None:
    camps = Camps(actions)
    page = soup(camps.client.get(f"/t/{camps.id}"))
    rows = cells(page)
    assert set(rows) == {"p1", "p2", "p3"}
    # Everyone at the start: influence 2, nothing else; no winner is named
    # until the camps are entered.
    assert {r["total"] for r in rows.values()} == {"2"}
    assert "Shared victory" not in page.get_text()
    assert "share the victory" not in page.get_text()  # nor in the tie lines
    assert "Enter the camps at the end of the game to see who wins." in page.get_text()
    # Noting that the deck ran out names nobody either.
    data = actions.form(f"/t/{camps.id}/end")
    data["how"] = "deck"
    assert camps.client.post(f"/t/{camps.id}/end", data=data).status_code == 302
    assert "Shared victory" not in soup(camps.client.get(f"/t/{camps.id}")).get_text()
    camps.enter()  # the camps as they are: everyone ties, hand 5 each
    assert "Shared victory" in soup(camps.client.get(f"/t/{camps.id}")).get_text()


def test_merchant_bonus_statue_wall_and_places(actions: TableActions) -> None:
    camps = Camps(actions)
    response = camps.enter(
        **{
            "camps-0-influence": 7,
            "camps-0-vault_wood": 2,
            "camps-0-vault_stone": 1,
            "camps-0-buildings-0-name": "Statue",
            "camps-0-hand": 4,
            "camps-1-influence": 5,
            "camps-1-vault_wood": 1,
            "camps-1-vault_stone": 1,
            "camps-1-buildings-0-name": "wall",  # any case, as typed
            "camps-1-stockpile": 5,
            "camps-1-hand": 2,
        }
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    page = soup(camps.client.get(f"/t/{camps.id}"))
    rows = cells(page)
    # Marco: 7 + wood 2 + stone 3 = 12, wood bonus 3 (2 against 1), Statue 3: 18.
    assert rows["p1"] == {
        "influence": "7",
        "vault": "5",
        "merchant_bonus": "3",
        "buildings": "3",
        "total": "18",
        "place": "1",
    }
    # 李雷: 5 + 1 + 3 = 9; stone tied 1-1: nobody gets it; Wall 5 // 2 = 2: 11.
    assert rows["p2"]["total"] == "11" and rows["p2"]["merchant_bonus"] == "0"
    assert "Marco Aurelio wins." in page.get_text()
    camp = camps.document()["camps"]["p1"]
    assert camp["vault"] == {"wood": 2, "stone": 1}
    assert camp["buildings"] == ["Statue"]


def test_influence_from_sites(actions: TableActions) -> None:
    camps = Camps(actions)
    response = camps.enter(
        **{
            "camps-0-influence_from": "sites",
            "camps-0-site_stone": 1,
            "camps-0-site_marble": 1,
            "camps-0-site_wood": 1,
        }
    )
    assert response.status_code == 302
    assert camps.document()["camps"]["p1"]["sites"] == ["wood", "stone", "marble"]
    assert cells(soup(camps.client.get(f"/t/{camps.id}")))["p1"]["influence"] == "9"


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"camps-0-influence": 1}, "Number must be between 2 and 74."),
        ({"camps-0-vault_marble": 25}, "Number must be between 0 and 24."),
        ({"camps-0-site_marble": 7}, "Number must be between 0 and 6."),
    ],
)
def test_bounds_keep_the_input(
    actions: TableActions, values: dict[str, int], message: str
) -> None:
    camps = Camps(actions)
    before = camps.document()
    response = camps.enter(**values)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert camps.document() == before


def test_limits_are_checked_with_a_reason(actions: TableActions) -> None:
    camps = Camps(actions)
    camps.enter(**{"camps-0-vault_wood": 4, "camps-0-clients": 3})
    text = " ".join(soup(camps.client.get(f"/t/{camps.id}")).get_text().split())
    assert "Worth a second look" in text
    assert "vault" in text.lower() and "client" in text.lower()


def test_forum_victory_ends_with_that_winner(actions: TableActions) -> None:
    camps = Camps(actions)
    camps.enter(**{"camps-0-influence": 20, "camps-2-buildings-0-name": "Forum"})
    data = actions.form(f"/t/{camps.id}/end")
    data.update(how="forum", winner="p3")
    assert camps.client.post(f"/t/{camps.id}/end", data=data).status_code == 302
    assert camps.document()["ended"] == {"how": "forum", "winner": "p3"}
    page = soup(camps.client.get(f"/t/{camps.id}"))
    assert "Lucía wins." in page.get_text()
    assert cells(page)["p3"]["place"] == "1"


@pytest.mark.parametrize(
    ("sent", "says"),
    [
        # A Forum victory by a player whose camp has no Forum: the file's
        # reader refuses it at its path.
        ({"how": "forum", "winner": "p1"}, "ended.winner"),
        # The deck running out names nobody: the scores decide.
        ({"how": "deck", "winner": "p1"}, "only a Forum victory or a surrender"),
        ({"how": "surrender"}, "names its winner"),
        ({"how": "", "winner": "p2"}, "choose how the game ended"),
        ({"how": "catacomb"}, "ended.how"),
        ({"how": "resign"}, "Not a valid choice"),
        ({"how": "surrender", "winner": "p9"}, "Choose a player at this table"),
    ],
)
def test_an_ending_that_cannot_be_is_refused(
    actions: TableActions, sent: dict[str, str], says: str
) -> None:
    camps = Camps(actions)
    before = camps.document()
    data = actions.form(f"/t/{camps.id}/end")
    data.update(sent)
    response = camps.client.post(f"/t/{camps.id}/end", data=data)
    assert response.status_code == 400
    assert says in response.get_data(as_text=True)
    assert camps.document() == before


def test_shared_scenario_imports_and_scores(actions: TableActions) -> None:
    shared = require_shared()
    path = shared / "scenarios" / "gtr-3p-sites-instead-of-influence.json"
    table_id = actions.import_id(path.read_bytes())
    expected = expected_result(path)
    rows = cells(soup(actions.client.get(f"/t/{table_id}")))
    for pid, values in expected["players"].items():
        assert rows[pid]["total"] == str(values["total"])
        assert rows[pid]["place"] == str(values["place"])


def test_terms_follow_the_language(actions: TableActions) -> None:
    camps = Camps(actions)
    page = camps.client.get(
        f"/t/{camps.id}/camps", headers={"Accept-Language": "it"}
    ).get_data(as_text=True)
    assert "Caveau" in page and "Influenza" in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "the vaults hold 40 wood cards"),
        ("it", "i Caveau contengono 40 carte legno"),
        ("zh", "金库中有 40 张木材牌"),
    ],
)
def test_counts_beyond_the_deck_are_refused_in_the_readers_language(
    actions: TableActions, language: str, words: str
) -> None:
    camps = Camps(actions)
    data = actions.form(f"/t/{camps.id}/camps")
    data.update({"camps-0-vault_wood": "20", "camps-1-vault_wood": "20"})
    response = camps.client.post(
        f"/t/{camps.id}/camps", data=data, headers={"Accept-Language": language}
    )
    assert response.status_code == 400
    text = soup(response).get_text(" ")
    assert words in text, text
    assert "camps.p2.vault.wood" in text  # the path stays as the file spells it
    assert camps.document()["camps"]["p1"]["vault"].get("wood", 0) == 0


def test_started_and_public_buildings_survive_the_camp_form(
    actions: TableActions, client: FlaskClient
) -> None:
    """Issue 20: a file with started and public buildings scores them on the
    table page and keeps them when the camp form is sent as shown."""
    document = {
        "format": "rome-companion/1",
        "game": "glory-to-rome",
        "players": [{"id": "p1", "name": "Aurelia"}, {"id": "p2", "name": "Bruno"}],
        "camps": {
            "p1": {
                "influence": 2,
                "vault": {},
                "buildings": ["Gate", "Stairway"],
                "incomplete": ["Statue"],
                "stockpile": 0,
                "hand": 0,
            },
            "p2": {
                "influence": 2,
                "vault": {},
                "buildings": ["Wall"],
                "public": ["Wall"],
                "stockpile": 4,
                "hand": 0,
            },
        },
    }
    table_id = actions.import_id(json.dumps(document).encode())
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Statue, started: active through your Gate: 3 points" in page
    assert "Wall of Bruno, made public by Aurelia&#39;s Stairway" in page
    data = actions.form(f"/t/{table_id}/camps")
    assert client.post(f"/t/{table_id}/camps", data=data).status_code == 302
    camps = actions.document(table_id)["camps"]
    assert camps["p1"]["incomplete"] == ["Statue"]
    assert camps["p2"]["public"] == ["Wall"]


def camps_page(client: FlaskClient, table_id: str) -> BeautifulSoup:
    return soup(client.get(f"/t/{table_id}/camps"))


def test_buildings_typed_and_marked_on_the_camp_screen(
    actions: TableActions, client: FlaskClient
) -> None:
    """Issue 20: any card, found by typing (any case, another printed
    spelling), marked completed, started or public in one tap; the table
    page explains why each counts."""
    camps = Camps(actions)
    page = camps_page(client, camps.id)
    assert len(page.select("datalist#gtr-cards option")) == 44
    response = camps.enter(
        **{
            "camps-0-buildings-0-name": "gate",
            "camps-0-buildings-1-name": "Statue",
            "camps-0-buildings-1-status": "started",
            "camps-0-buildings-2-name": "Stairway",
            "camps-1-buildings-0-name": "Wall",
            "camps-1-buildings-0-status": "public",
            "camps-1-stockpile": 4,
            "camps-2-buildings-0-name": "Colosseum",  # printed so: the Coliseum
        }
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    saved = actions.document(camps.id)["camps"]
    assert saved["p1"]["buildings"] == ["Gate", "Stairway"]
    assert saved["p1"]["incomplete"] == ["Statue"]
    assert saved["p2"]["public"] == ["Wall"] == saved["p2"]["buildings"]
    assert saved["p3"]["buildings"] == ["Coliseum"]
    table = soup(client.get(f"/t/{camps.id}")).get_text(" ")
    assert "Statue, started: active through your Gate: 3 points" in table
    assert "Wall of 李雷, made public by Marco Aurelio's Stairway" in table
    page = camps_page(client, camps.id)
    assert "Made public by Marco Aurelio's Stairway." in page.get_text()
    statuses = [
        page.select_one(f"input[name='camps-0-buildings-{i}-status'][checked]")["value"]
        for i in range(3)
    ]
    assert statuses == ["completed", "completed", "started"]


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"camps-0-buildings-0-name": "Statuette"}, "Not a Glory to Rome building"),
        (
            {
                "camps-0-buildings-0-name": "Statue",
                "camps-0-buildings-0-status": "public",
            },
            "no other camp has an active Stairway",
        ),
        (
            {
                "camps-0-buildings-0-name": "Statue",
                "camps-0-buildings-1-name": "statue",
                "camps-0-buildings-1-status": "started",
            },
            "both in buildings and incomplete",
        ),
    ],
)
def test_bad_buildings_are_refused_and_nothing_stored(
    actions: TableActions, client: FlaskClient, values: dict[str, str], words: str
) -> None:
    camps = Camps(actions)
    before = actions.document(camps.id)
    response = camps.enter(**values)
    assert response.status_code == 400
    assert words in response.get_data(as_text=True)
    assert actions.document(camps.id) == before


def test_two_phones_mark_buildings_without_losing_either(
    phones: tuple[TableActions, TableActions],
) -> None:
    """One phone starts a Statue while the other, on an older page, enters a
    stockpile: the second send is merged and saved at once, both kept."""
    first, second = phones
    table_id = first.create_id("glory-to-rome", THREE)
    stale = second.form(f"/t/{table_id}/camps")
    data = first.form(f"/t/{table_id}/camps")
    data["camps-0-buildings-0-name"] = "Statue"
    data["camps-0-buildings-0-status"] = "started"
    assert first.client.post(f"/t/{table_id}/camps", data=data).status_code == 302
    stale["camps-1-stockpile"] = "6"
    merged = second.client.post(f"/t/{table_id}/camps", data=stale)
    assert merged.status_code == 302
    saved = second.document(table_id)["camps"]
    assert saved["p1"]["incomplete"] == ["Statue"] and saved["p2"]["stockpile"] == 6
