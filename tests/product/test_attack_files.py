"""Hostile files, through the real `drawsteel-kit` command (issue 30, breaks 7 and 10).

A hero file with numbers that are not numbers, a pipe named where a file goes, a
campaign.yaml or plan that is a link to a file outside the campaign, a file that is not ours:
each is refused in one line, nothing hangs, the ledger keeps its bytes, and no line of a
foreign file is ever printed back.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_line, invoke
from conftest import FIXTURES_DIR, ledger_fingerprint, write_campaign
from reliability_workers import EXE

FIXTURES = FIXTURES_DIR / "forge_steel"
#: A file outside every campaign, written like /etc/shadow: no line of it may ever be shown.
SECRET = ("root:$6$s3cr3tsalt$QmFkSGFzaA:19000:0:99999:7:::\n"
          "daemon:*:19000:0:99999:7:::\n"
          "ilsa:$6$an0th3r$c2VjcmV0:19001:0:99999:7:::\n")
#: (where in the hero file, the text there, what replaces it): the issue's nine variants and
#: a number beyond SQLite's 64 bits.
NUMBERS = (
    ("state.xp", '"xp": 70', '"xp": NaN'),
    ("state.renown", '"renown": 2', '"renown": Infinity'),
    ("class.level", '"level": 5', '"level": -Infinity'),
    ("state.wealth", '"wealth": 2', '"wealth": 1e400'),
    ("state.victories", '"victories": 3', '"victories": 1e400'),
    ("state.projects[0].goal", '"goal": 45', '"goal": NaN'),
    ("class.characteristics[0].value", '"value": 2}', '"value": Infinity}'),
    ("stamina", '"stamina": 9', '"stamina": NaN'),
    ("state.projectPoints", '"projectPoints": 100', '"projectPoints": -Infinity'),
    ("state.xp", '"xp": 70', '"xp": 99999999999999999999999'),
)


def real(*args: object, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The installed command in its own process: a command that hangs fails the test."""
    return subprocess.run([str(EXE), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, check=False)


def one_line(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """A refusal: status 1, one ``Error:`` line naming one of ``words``, no traceback."""
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert done.returncode == 1 and len(lines) == 1, done
    assert lines[0].startswith("Error: ") and "Traceback" not in lines[0], lines
    assert any(w.casefold() in lines[0].casefold() for w in words), (lines, words)
    return lines[0]


def no_secret(text: str) -> None:
    for line in SECRET.splitlines():
        for part in line.split(":"):
            if len(part) > 4:
                assert part not in text, (part, text)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    folder = write_campaign(tmp_path / "camp")
    assert invoke("init", folder).exit_code == 0
    return folder


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "outside" / "shadow"
    path.parent.mkdir()
    path.write_text(SECRET, encoding="utf-8")
    return path


def test_numbers_that_are_not_numbers_in_a_hero_file(folder: Path, tmp_path: Path) -> None:
    text = json.dumps(json.loads((FIXTURES / "full-level-5.ds-hero").read_text("utf-8")))
    before = ledger_fingerprint(folder / "ledger.db")
    for i, (field, was, bad) in enumerate(NUMBERS):
        assert was in text, was
        hero = tmp_path / f"odd-{i}.ds-hero"
        hero.write_text(text.replace(was, bad, 1), encoding="utf-8")
        line = assert_one_clear_line(invoke("heroes", "import", folder, hero), hero.name)
        assert "Corvin" in line and field in line, line  # the file, the hero, the field
        assert ledger_fingerprint(folder / "ledger.db") == before, bad


def test_numbers_that_are_not_numbers_in_campaign_yaml_and_a_plan(folder: Path) -> None:
    """YAML's own forms (.nan, .inf, a float past its range, a huge whole number)."""
    before = ledger_fingerprint(folder / "ledger.db")
    plan = folder / "plans" / "odd.yaml"
    plan.parent.mkdir()
    for value in (".nan", "-.inf", "1.0e+400", "99999999999999999999999"):
        plan.write_text(f"name: Odd\ndays: {value}\n", encoding="utf-8")
        assert_one_clear_line(invoke("resolve", folder, "--plan", "odd", "--no-notebook",
                                     "--dry-run", "--seed", "1"), "days")
        text = (folder / "campaign.yaml").read_text("utf-8")
        odd = folder.parent / "odd"
        write_campaign(odd)
        (odd / "campaign.yaml").write_text(text.replace("level: 1", f"level: {value}", 1),
                                           encoding="utf-8")
        assert_one_clear_line(invoke("init", odd), "level")
        assert not (odd / "ledger.db").exists()
    assert ledger_fingerprint(folder / "ledger.db") == before


@pytest.mark.slow  # five commands in their own processes: a hang must not hang the suite
def test_a_pipe_named_as_a_hero_file_plan_or_campaign_file_is_refused_unread(
        folder: Path, tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    before = ledger_fingerprint(folder / "ledger.db")
    one_line(real("heroes", "import", folder, pipe), "named pipe")
    one_line(real("import", pipe, tmp_path / "imported"), "named pipe")
    one_line(real("resolve", folder, "--plan", pipe, "--no-notebook", "--dry-run"),
             "named pipe")
    (folder / "plans").mkdir()
    os.mkfifo(folder / "plans" / "week.yaml")
    one_line(real("resolve", folder, "--plan", "week", "--no-notebook", "--dry-run"),
             "named pipe")
    os.mkfifo(folder / "player-links.yaml")
    one_line(real("links", folder), "named pipe")
    assert ledger_fingerprint(folder / "ledger.db") == before
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    os.mkfifo(fresh / "campaign.yaml")
    one_line(real("init", fresh), "named pipe")
    assert not (fresh / "ledger.db").exists()


def test_a_device_or_a_folder_named_as_a_hero_file_is_refused(folder: Path) -> None:
    for path, kind in (("/dev/zero", "device"), ("/dev/null", "device"),
                       (folder / "plans-folder", "folder")):
        Path(path).mkdir(exist_ok=True) if kind == "folder" else None
        assert_one_clear_line(invoke("heroes", "import", folder, path), kind)


def test_a_campaign_file_or_plan_linked_outside_the_campaign_is_not_read(
        folder: Path, secret: Path) -> None:
    before = ledger_fingerprint(folder / "ledger.db")
    (folder / "plans").mkdir()
    (folder / "plans" / "week.yaml").symlink_to(secret)
    done = real("resolve", folder, "--plan", "week", "--no-notebook", "--dry-run")
    no_secret(done.stdout + done.stderr)
    one_line(done, "outside the campaign")
    assert ledger_fingerprint(folder / "ledger.db") == before
    fresh = folder.parent / "fresh"
    fresh.mkdir()
    (fresh / "campaign.yaml").symlink_to(secret)
    done = real("init", fresh)
    no_secret(done.stdout + done.stderr)
    one_line(done, "outside the campaign")
    assert not (fresh / "ledger.db").exists()


def test_a_file_that_is_not_ours_is_never_printed_back(folder: Path, tmp_path: Path) -> None:
    """The same foreign lines copied in (no link to catch), alone or after real fields."""
    plan = tmp_path / "plan.yaml"
    plan.write_text(SECRET, encoding="utf-8")
    result = invoke("resolve", folder, "--plan", plan, "--no-notebook", "--dry-run")
    no_secret(assert_one_clear_line(result, "not a plan file"))
    plan.write_text("name: A week\ndays: 3\n" + SECRET, encoding="utf-8")
    result = invoke("resolve", folder, "--plan", plan, "--no-notebook", "--dry-run")
    no_secret(assert_one_clear_line(result, "not a field name"))
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    (fresh / "campaign.yaml").write_text(SECRET, encoding="utf-8")
    no_secret(assert_one_clear_line(invoke("init", fresh), "not a campaign file"))
    text = (folder / "campaign.yaml").read_text("utf-8")
    (fresh / "campaign.yaml").write_text(text + SECRET, encoding="utf-8")
    no_secret(assert_one_clear_line(invoke("init", fresh), "not a field name"))
    assert not (fresh / "ledger.db").exists()
