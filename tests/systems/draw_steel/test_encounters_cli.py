"""`drawsteel-kit encounter log|list|show` on a real campaign folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run
from conftest import write_campaign

from drawsteel_kit.systems.draw_steel.campaign import Campaign


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The conftest campaign (Val 0 victories, Bran 2, Yorn 0), initialised, a session open."""
    where = write_campaign(tmp_path / "camp")
    camp, _ = Campaign.init(where)
    with camp:
        camp.start_session()
    return where


def state(folder: Path) -> tuple[dict, int]:
    with Campaign.open(folder) as camp:
        return camp.ledger.snapshot(), camp.ledger.event_count()


def heroes(folder: Path) -> dict[str, int]:
    with Campaign.open(folder) as camp:
        return {n: h.victories for n, h in camp.heroes.items()}


def test_log_then_list_then_show(folder: Path) -> None:
    out = run("encounter", "log", folder, "Bandits at the Old Mill", "--opponent", "6 bandits",
              "--opponent", "Mother Ash", "--objective", "Drive them out", "--met",
              "--fell", "yorn")
    assert out.splitlines()[0] == ("Encounter #1: Bandits at the Old Mill (combat, objective "
                                   "met): 1 victory each to Bran, Val; Yorn fell")
    assert "undo with: drawsteel-kit undo" in out
    assert heroes(folder) == {"Bran": 3, "Val": 1, "Yorn": 0}
    run("encounter", "log", folder, "The riddle door", "--hero", "Val", "--objective", "Open it",
        "--met", "--challenge", "--victories", "2", "--director")
    assert heroes(folder)["Val"] == 3
    listed = run("encounter", "list", folder, "--session", "1")
    assert "#1" in listed and "Bandits at the Old Mill: Bran +1, Val +1" in listed
    assert "The riddle door: Val +2 [director]" in listed
    assert "Session 1: 4 victories (Bran 1, Val 3, Yorn 0)" in listed
    data = json.loads(run("encounter", "list", folder, "--session", "1", "--json"))
    assert [e["number"] for e in data["encounters"]] == [1, 2]
    assert data["encounters"][0]["sides"]["opponents"] == [
        {"count": 6, "name": "bandits"}, {"count": 1, "name": "Mother Ash"}]
    assert data["session"] == {"number": 1, "victories": {"Bran": 1, "Val": 3, "Yorn": 0},
                               "total": 4}
    shown = run("encounter", "show", folder, "1")
    assert "opponents  6 bandits, Mother Ash" in shown and "fell       Yorn" in shown
    assert "award      the book's" in shown
    one = json.loads(run("encounter", "show", folder, "2", "--json"))
    assert (one["kind"], one["override"], one["visibility"]) == ("challenge", 2, "director")


def test_a_session_with_no_encounters_says_how_to_log_one(folder: Path) -> None:
    assert "No encounters logged in session 1" in run("encounter", "list", folder,
                                                      "--session", "1")


def test_not_met(folder: Path) -> None:
    out = run("encounter", "log", folder, "The ogre", "--objective", "Open the gate",
              "--not-met")
    assert "objective not met): no victories" in out
    assert heroes(folder) == {"Bran": 2, "Val": 0, "Yorn": 0}


@pytest.mark.parametrize(("args", "says"), [
    (["--objective", "x"], "--met or --not-met"),
    (["--met"], "Missing option '--objective'"),
    (["--objective", "x", "--met", "--hero", "Nobody"], "no hero named 'Nobody'"),
    (["--objective", "x", "--met", "--victories", "-1"], "from 0 to 1000, got -1"),
    (["--objective", "x", "--not-met", "--victories", "1"], "objective was not met"),
    (["--objective", "x", "--met", "--hero", "Val", "--fell", "Bran"],
     "Bran fell in the encounter but did not take part"),
    (["--objective", "x", "--met", "--opponent", "0 goblins"], "from 1 to 999"),
    (["--objective", "x", "--met", "--victories", "two"], "'two' is not a valid integer"),
])
def test_bad_input_is_one_line_and_writes_nothing(folder: Path, args: list[str],
                                                  says: str) -> None:
    before = state(folder)
    out = run("encounter", "log", folder, "Ambush", *args, ok=False)
    assert says in out
    assert state(folder) == before


def test_show_an_unknown_encounter(folder: Path) -> None:
    out = run("encounter", "show", folder, "4", ok=False)
    assert "no encounter #4 in the log (encounters: none yet" in out
