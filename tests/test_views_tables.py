"""Tables on the web: create, list, rename, undo/redo, history, import, export."""

from __future__ import annotations

import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.engines import GAMES, find_game

from .conftest import TableActions
from .helpers import soup

SUPPORTED = [g.slug for g in GAMES if g.supported]
THREE = [("Ana", "red"), ("Bo", "blue"), ("李雷", "green")]


def players_for(slug: str, n: int = 3) -> list[tuple[str, str]]:
    game = find_game(slug)
    names = ["Ana", "Bo", "李雷", "Lucía", "Emma"][:n]
    colours = game.colours or ("",) * 5
    return list(zip(names, colours, strict=False))


def test_home_lists_every_game_and_the_import_form(client: FlaskClient) -> None:
    page = soup(client.get("/"))
    links = {a["href"] for a in page.select(".game-buttons a")}
    assert links == {f"/new/{g.slug}" for g in GAMES}
    assert page.select_one("input[type=file]")["name"] == "file"
    assert "No tables yet" in page.get_text()


@pytest.mark.parametrize("slug", SUPPORTED)
def test_create_table_then_it_is_listed_and_shown(
    actions: TableActions, client: FlaskClient, slug: str
) -> None:
    table_id = actions.create_id(slug, players_for(slug))
    assert len(table_id) >= 16
    home = client.get("/").get_data(as_text=True)
    assert f"/t/{table_id}" in home
    page = soup(client.get(f"/t/{table_id}"))
    names = [n.get_text() for n in page.select(".players .player-name")]
    assert names == ["Ana", "Bo", "李雷"]
    if find_game(slug).colours:
        # Colour is said in words, not only shown as a swatch.
        assert "(Red)" in page.select_one(".players").get_text()


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([("Ana", "red")], "needs at least 2 players"),
        ([("Ana", "red"), ("Bo", "red")], "Two players chose Red"),
        ([("Ana", "red"), ("x" * 41, "blue")], "40 characters"),
        ([], "needs at least 2 players"),
    ],
)
def test_new_table_form_errors_keep_the_input(
    actions: TableActions, players: list[tuple[str, str]], message: str
) -> None:
    response = actions.create("all-roads", players)
    assert response.status_code == 400  # refused, shown again (issue 15)
    text = response.get_data(as_text=True)
    assert message in text
    if players:
        assert 'value="Ana"' in text


def test_unknown_game_is_404(client: FlaskClient) -> None:
    response = client.get("/new/chess")
    assert response.status_code == 404
    assert "There is no game called chess" in response.get_data(as_text=True)


def test_unknown_table_is_404(client: FlaskClient) -> None:
    response = client.get("/t/not-a-table")
    assert response.status_code == 404
    assert "No table has this address" in response.get_data(as_text=True)


def test_options_are_stored(actions: TableActions, client: FlaskClient) -> None:
    if "foundations-of-rome" not in SUPPORTED:
        pytest.skip("Foundations of Rome engine not in this build")
    table_id = actions.create_id(
        "foundations-of-rome", players_for("foundations-of-rome"), options=("roads",)
    )
    text = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Roads of Fortune expansion" in text


def test_rename_undo_redo_and_history(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", players_for("all-roads"))
    response = actions.rename(table_id, ["Anna", "Bo", "李雷"])
    assert response.status_code == 302
    assert "Anna" in client.get(f"/t/{table_id}").get_data(as_text=True)

    history = soup(client.get(f"/t/{table_id}/history")).get_text(" ")
    assert "Renamed Ana to Anna" in history and "Table created" in history

    assert actions.post_action(table_id, "undo").status_code == 302
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Undone: Renamed Ana to Anna" in page
    assert [
        n.get_text()
        for n in soup(client.get(f"/t/{table_id}")).select(".players .player-name")
    ][0] == "Ana"
    history_page = soup(client.get(f"/t/{table_id}/history"))
    assert history_page.select_one("li.undone") is not None

    assert actions.post_action(table_id, "redo").status_code == 302
    names = [
        n.get_text()
        for n in soup(client.get(f"/t/{table_id}")).select(".players .player-name")
    ]
    assert names[0] == "Anna"


def test_undo_at_first_step_says_so(actions: TableActions, client: FlaskClient) -> None:
    table_id = actions.create_id("all-roads", players_for("all-roads"))
    actions.post_action(table_id, "undo")
    assert "Nothing to undo." in client.get(f"/t/{table_id}").get_data(as_text=True)


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["", "Bo", "李雷"], "This field is required."),
        (["   ", "Bo", "李雷"], "A name cannot be blank."),
        (["y" * 41, "Bo", "李雷"], "40 characters"),
    ],
)
def test_rename_errors_keep_the_input(
    actions: TableActions, names: list[str], message: str
) -> None:
    table_id = actions.create_id("all-roads", players_for("all-roads"))
    response = actions.rename(table_id, names)
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert message in text
    assert 'value="李雷"' in text


def test_stale_edit_is_refused_with_the_current_state_and_input_kept(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", players_for("all-roads"))
    seen_version = actions.version(table_id)
    actions.rename(table_id, ["Anna", "Bo", "李雷"])  # the other phone
    response = actions.rename(table_id, ["Ana", "Bob", "李雷"], version=seen_version)
    assert response.status_code == 409
    page = soup(response)
    assert "Someone changed this table on another phone" in page.get_text()
    # The current state is shown ...
    assert [n.get_text() for n in page.select(".players .player-name")][0] == "Anna"
    # ... and what this player typed is kept, ready to send again.
    assert page.select_one("input[name=players-1-name]")["value"] == "Bob"
    assert int(page.select_one("input[name=version]")["value"]) == seen_version + 1


def test_stale_undo_is_refused(actions: TableActions, client: FlaskClient) -> None:
    table_id = actions.create_id("all-roads", players_for("all-roads"))
    version = actions.version(table_id)
    actions.rename(table_id, ["Anna", "Bo", "李雷"])
    response = client.post(
        f"/t/{table_id}/undo",
        data={"csrf_token": actions.csrf(f"/t/{table_id}"), "version": version},
    )
    assert response.status_code == 409
    assert "Anna" in response.get_data(as_text=True)


@pytest.mark.parametrize("slug", SUPPORTED)
def test_export_then_import_gives_an_identical_file(
    actions: TableActions, client: FlaskClient, slug: str
) -> None:
    table_id = actions.create_id(slug, players_for(slug, 4))
    exported = client.get(f"/t/{table_id}/export")
    assert exported.mimetype == "application/json"
    assert "attachment" in exported.headers["Content-Disposition"]
    new_id = actions.import_id(exported.data)
    assert new_id != table_id
    again = client.get(f"/t/{new_id}/export")
    assert again.data == exported.data
    assert json.loads(again.data)["players"][2]["name"] == "李雷"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "not valid JSON (line 1, column 2"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"[]", "a table file is a JSON object"),
        (b'{"format": "rome-companion/9", "game": "all-roads"}', "format: "),
        (b'{"format": "rome-companion/1", "game": "chess"}', "game: unknown game"),
        (
            b'{"format": "rome-companion/1", "game": "all-roads", "players": '
            b'[{"id": "red", "name": "A"}, {"id": "red", "name": "B"}], "unbuilt": {}}',
            "players[1].id",
        ),
    ],
)
def test_bad_import_names_the_problem_and_changes_nothing(
    actions: TableActions, client: FlaskClient, content: bytes, message: str
) -> None:
    response = actions.import_file(content, "bad.json")
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert message in text
    assert "nothing was changed" in text
    assert "No tables yet" in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "players[1].id: player id 'red' is used twice"),
        ("it", "players[1].id: l'id giocatore 'red' è usato due volte"),
        ("zh", "players[1].id: 玩家 id 'red' 被使用了两次"),
    ],
)
def test_import_problems_are_in_the_readers_language(
    actions: TableActions, client: FlaskClient, language: str, words: str
) -> None:
    content = (
        b'{"format": "rome-companion/1", "game": "all-roads", "players": '
        b'[{"id": "red", "name": "A"}, {"id": "red", "name": "B"}], "unbuilt": {}}'
    )
    client.get(f"/lang/{language}")
    response = actions.import_file(content, "bad.json")
    assert response.status_code == 400
    assert words in soup(response).get_text()


@pytest.mark.parametrize("content", [b"{not json", b"", b"[1 2]", b'{"a": 1} x'])
def test_json_errors_are_in_the_readers_language(
    actions: TableActions, client: FlaskClient, content: bytes
) -> None:
    client.get("/lang/it")
    response = actions.import_file(content, "bad.json")
    assert response.status_code == 400
    text = soup(response).get_text()
    assert "non è JSON valido" in text
    assert "Expecting" not in text and "Extra data" not in text


def test_import_without_a_file(actions: TableActions, client: FlaskClient) -> None:
    response = client.post("/import", data={"csrf_token": actions.csrf("/")})
    assert response.status_code == 400
    assert "Choose a table file to import." in response.get_data(as_text=True)


def test_delete_asks_first_then_deletes(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", players_for("all-roads"))
    confirm = client.get(f"/t/{table_id}/delete")
    assert "cannot be undone" in confirm.get_data(as_text=True)
    assert client.get(f"/t/{table_id}").status_code == 200  # still there
    response = actions.post_action(table_id, "delete")
    assert response.status_code == 302
    assert client.get(f"/t/{table_id}").status_code == 404


def test_every_post_route_refuses_a_missing_csrf_token(
    app: Flask, actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", players_for("all-roads"))
    app.config["WTF_CSRF_ENABLED"] = True
    posts = [
        rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())
    ]
    assert len(posts) >= 6
    values = {
        "table_id": table_id,
        "slug": "all-roads",
        "rule_id": 1,
        "tile_key": "no-such-tile",
        "lot": "A1",
    }
    urls = app.url_map.bind("localhost")
    for rule in posts:
        url = urls.build(
            rule.endpoint,
            {k: v for k, v in values.items() if k in rule.arguments},
            method="POST",
        )
        response = client.post(url, data={"version": "1", "players-0-name": "Zed"})
        assert response.status_code == 400, url
        text = response.get_data(as_text=True)
        assert "This form has expired" in text, url
        # What was typed is shown back, so nothing is lost.
        assert "Zed" in text, url
    assert client.get(f"/t/{table_id}").status_code == 200
