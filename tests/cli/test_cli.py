"""The command line, end to end, against real campaign folders in tmp_path."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run
from conftest import REPO, checkpoint, ledger_fingerprint


def status(folder: Path) -> dict:
    return json.loads(run("status", folder, "--json"))


def hero(folder: Path, name: str) -> dict:
    return next(h for h in status(folder)["heroes"] if h["name"] == name)


def test_new_creates_a_campaign_that_inits(tmp_path: Path) -> None:
    out = run("new", "The Iron Saints", "--dir", tmp_path)
    folder = tmp_path / "the-iron-saints"
    assert folder.is_dir() and str(folder) in out
    run("init", folder)
    assert status(folder)["party"]["name"] == "The Iron Saints"
    assert "already exists" in run("new", "The Iron Saints", "--dir", tmp_path, ok=False)


@pytest.mark.parametrize("name", ['Back\\slash "Quoted" Saints', "Ålfheim: ärger #1", "名前"])
def test_new_keeps_any_name(tmp_path: Path, name: str) -> None:
    run("new", name, "--dir", tmp_path)
    (folder,) = tmp_path.iterdir()
    run("init", folder)
    assert status(folder)["party"]["name"] == name


def test_init_twice_does_not_duplicate(demo: Path) -> None:
    before = status(demo)
    out = run("init", demo)
    assert "already up to date" in out
    assert status(demo) == before


def test_session_victories_tokens_respite(demo: Path) -> None:
    heroes = [h["name"] for h in status(demo)["heroes"]]
    first = heroes[0]
    start_xp = hero(demo, first)["xp"]
    start_victories = hero(demo, first)["victories"]
    second_victories = hero(demo, heroes[1])["victories"]
    assert "Session 1 started" in run("session", "start", demo)
    assert status(demo)["party"]["hero_tokens"] == len(heroes)
    run("victories", demo, "2", "--reason", "Ambush")
    run("victories", demo, "1", "--hero", first.lower())
    assert hero(demo, first)["victories"] == start_victories + 3
    assert hero(demo, heroes[1])["victories"] == second_victories + 2
    run("tokens", demo, "award", "1", "--reason", "Heroic leap")
    assert f"Hero tokens: {len(heroes) + 1}" in run("tokens", demo)
    run("tokens", demo, "spend", "reroll", "--test", "climb the cliff")
    assert status(demo)["party"]["hero_tokens"] == len(heroes)
    run("session", "end", demo)
    assert status(demo)["party"]["hero_tokens"] == 0
    out = run("respite", demo, "--hero", first, "--activity", f"{first}=Discover Lore")
    assert "Discover Lore" in out
    after = hero(demo, first)
    assert after["xp"] == start_xp + start_victories + 3
    assert after["victories"] == 0


def test_respite_interrupted_gives_nothing(demo: Path) -> None:
    name = status(demo)["heroes"][0]["name"]
    run("victories", demo, "3", "--hero", name)
    before = hero(demo, name)
    assert "interrupted" in run("respite", demo, "--interrupted", "--reason", "Wolves")
    assert hero(demo, name) == before


def test_day_adjust_history_visibility(demo: Path) -> None:
    name = status(demo)["heroes"][0]["name"]
    run("day", demo, "3", "--reason", "Travel")
    assert status(demo)["party"]["day"] == 4
    run("adjust", demo, name, "stamina=5", "--reason", "Fell into the pit", "--director-only")
    assert hero(demo, name)["stamina"] == 5
    everything = json.loads(run("history", demo, "--json", "--limit", "100"))
    party_view = json.loads(run("history", demo, "--json", "--as", "party", "--limit", "100"))
    assert any(e["kind"] == "hero_adjusted" for e in everything)
    assert not any(e["kind"] == "hero_adjusted" for e in party_view)
    days = json.loads(run("history", demo, "--json", "--kind", "day_advanced"))
    assert [e["day"] for e in days] == [4, 3, 2]  # one event per day, newest first
    text = run("history", demo, "--hero", name)
    assert "[director]" in text and name in text


def test_history_as_a_player_closes_the_players_copy(demo: Path) -> None:
    """`history --as` reads a players' copy of the ledger: the command closes it (run in one
    process, as the workbook and tests run commands, it would hold the ledger open)."""
    for viewer in ("party", "Val", "Pip"):  # a hero by the start of a name too
        run("victories", demo, "1", "--hero", "Val", "--reason", "a write in the WAL")
        run("history", demo, "--as", viewer)
        checkpoint(demo / "ledger.db")  # refuses while another connection holds the ledger


def test_adjust_says_when_level_and_xp_disagree(demo: Path) -> None:
    """Issue 32, "Levels that carry their consequences": a level set by hand is taken, with
    what it leaves undone; XP that fits the level says nothing more."""
    run("adjust", demo, "Pip", "xp=0", "level=1", "--reason", "a fresh start")
    pip = hero(demo, "Pip Thistledown")
    out = run("adjust", demo, "Pip", "level=2", "--reason", "caught up")
    assert ("Note: Pip Thistledown is level 2 with 0 XP, but level 2 is 16 to 31 XP on the "
            "normal track: adjust xp too, or the level") in out
    assert "gives none of what reaching it at a respite gives: level 2 gives renown +1, " \
           "max stamina +6; add it with `drawsteel-kit adjust` " \
           f"renown={pip['renown'] + 1} max_stamina={pip['max_stamina'] + 6}" in out, out
    assert "Note:" not in run("adjust", demo, "Pip", "xp=16", "--reason", "caught up")


def test_undo_and_rebuild_check(demo: Path) -> None:
    before = status(demo)
    out = run("victories", demo, "2")
    event_id = int(out.split("undo ")[-1].split()[-1].rstrip(")"))
    assert status(demo)["heroes"] != before["heroes"]
    run("undo", demo, event_id, "--reason", "Wrong encounter")
    assert status(demo)["heroes"] == before["heroes"]
    assert "already undone" in run("undo", demo, event_id, ok=False)
    assert "matches" in run("rebuild", demo, "--check")
    assert "Replayed" in run("rebuild", demo)
    assert status(demo)["heroes"] == before["heroes"]


def test_backup_and_export(demo: Path, tmp_path: Path) -> None:
    dest = tmp_path / "copy.db"
    assert str(dest) in run("backup", demo, dest)
    assert dest.stat().st_size > 0
    assert "already exists" in run("backup", demo, dest, ok=False)
    run("backup", demo)
    assert list((demo / "backups").glob("*.db"))
    out = tmp_path / "export.json"
    run("export", demo, "--out", out)
    data = json.loads(out.read_text())
    assert data["events"] and data["state"]["heroes"]
    assert json.loads(run("export", demo))["events"] == data["events"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["victories", "{c}", "0"], "from 1 to"),
        (["victories", "{c}", "--", "-2"], "from 1 to"),
        (["victories", "{c}", "1", "--hero", "Nobody"], "no hero named 'Nobody'"),
        (["session", "end", "{c}"], "no session is open"),
        (["tokens", "{c}", "spend", "stamina", "--hero", "Val", "--round", "1"], "pool holds 0"),
        (["tokens", "{c}", "spend", "dance"], "dance"),
        (["adjust", "{c}", "Val", "level=11", "--reason", "x"], "level"),
        (["adjust", "{c}", "Val", "charisma=3", "--reason", "x"], "charisma"),
        (["undo", "{c}", "9999"], "no event #9999"),
        (["undo", "{c}", "1"], "cannot be undone"),
        (["respite", "{c}", "--activity", "Val"], "HERO=VALUE"),
        (["status", "{tmp}/nowhere"], "no campaign"),
    ],
)
def test_errors_are_one_clear_line_and_write_nothing(
    demo: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    before = json.loads(run("export", demo))
    argv = [a.format(c=demo, tmp=tmp_path) for a in args]
    out = run(*argv, ok=False)
    assert message in out
    assert json.loads(run("export", demo)) == before


def test_broken_campaign_file_is_reported_and_ledger_kept(demo: Path) -> None:
    before = json.loads(run("export", demo))
    (demo / "campaign.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    out = run("init", demo, ok=False)
    assert "campaign.yaml" in out and "line" in out
    assert json.loads(run("export", demo)) == before


def test_console_script_runs() -> None:
    exe = Path(sys.executable).parent / "drawsteel-kit"
    result = subprocess.run([str(exe), "--help"], capture_output=True, text=True, check=True)
    assert "respite" in result.stdout and "victories" in result.stdout


def test_package_import_is_light() -> None:
    code = (
        "import sys, drawsteel_kit, drawsteel_kit.systems.draw_steel.campaign, drawsteel_kit.cli;"
        "heavy = [m for m in ('plotly', 'ipywidgets', 'papermill', 'voila') if m in sys.modules];"
        "print(','.join(heavy))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""


def test_output_piped_into_a_reader_that_stops_early_is_no_error(tmp_path: Path) -> None:
    """`drawsteel-kit history C --json | head -1`: no 'refused the file' line, no traceback,
    nothing written. The PF2e demo's history is about 380 kB, far more than a pipe holds, so
    the write always meets the closed pipe (shorter output made this a race)."""
    from drawsteel_kit.systems.pf2e import demo as pf2e

    folder = tmp_path / "pf2e-demo"
    shutil.copytree(REPO / "campaigns" / "pf2e-demo", folder)
    pf2e.build(folder, echo=False).close()
    before = ledger_fingerprint(folder / "ledger.db")
    exe = Path(sys.executable).parent / "drawsteel-kit"
    proc = subprocess.Popen([str(exe), "history", str(folder), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # the reader stops, as `head -1` does
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "refused" not in err and "Traceback" not in err, err
    assert ledger_fingerprint(folder / "ledger.db") == before


def test_a_closed_pipe_is_not_reported_as_a_refused_file() -> None:
    """Deterministic half of the test above: `friendly` lets BrokenPipeError through to
    click's main, which exits quietly on EPIPE, instead of naming a refused file ''."""
    import click
    from click.testing import CliRunner

    from drawsteel_kit.kit.commands import friendly

    @click.command()
    @friendly
    def gone() -> None:
        raise BrokenPipeError(32, "Broken pipe")

    result = CliRunner().invoke(gone, [])
    assert "refused" not in result.output and result.output.strip() == ""
    assert result.exit_code == 1  # click's main: EPIPE is a quiet exit 1


@pytest.mark.parametrize("name", ["", "   "])
def test_new_refuses_a_blank_name(tmp_path: Path, name: str) -> None:
    out = run("new", name, "--dir", tmp_path / "c", ok=False)
    assert "needs a name or a folder" in out and len(out.strip().splitlines()) == 1
    assert not (tmp_path / "c").exists()  # nothing made


def test_new_makes_a_folder_given_as_a_path_where_it_says(tmp_path: Path) -> None:
    """`new FOLDER` (any folder): made as it is, its campaign named after the folder."""
    out = run("new", tmp_path / "games" / "iron-saints")
    folder = tmp_path / "games" / "iron-saints"
    assert f"Created {folder}" in out and (folder / "director.ipynb").is_file()
    assert "name: \"Iron Saints\"" in (folder / "campaign.yaml").read_text(encoding="utf-8")
    run("init", folder)
    assert "already exists" in run("new", folder, ok=False)
