"""Nothing clobbered: every --out refuses what is already there unless --force.

`export --out` refuses an existing file (its own earlier export too), a link even when it
dangles; with --force it replaces the file or the link itself, never what a link points to,
and never a device or pipe. `publish --out` takes a new or empty folder or its own earlier
site (recognised by the list of pages it leaves there); any other folder only with --force.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_line, invoke

from drawsteel_kit.kit.outputs import SITE_MARKER
from drawsteel_kit.systems.draw_steel.campaign import Campaign

SYSTEM_FILE = "root:x:0:0:root:/root:/bin/bash\n"


@pytest.fixture
def camp(campaign: Campaign) -> Path:
    return campaign.folder


def _ok(*argv: object) -> str:
    result = invoke(*argv)
    assert result.exit_code == 0, result.output
    return result.output


def test_export_refuses_an_existing_file_unless_force(camp: Path, tmp_path: Path) -> None:
    out = tmp_path / "out" / "books.json"
    out.parent.mkdir()
    _ok("export", camp, "--out", out)
    first = json.loads(out.read_text(encoding="utf-8"))
    assert first["format"] == "drawsteel-kit export"
    out.write_text("my own notes\n", encoding="utf-8")
    line = assert_one_clear_line(invoke("export", camp, "--out", out), "already exists")
    assert "--force" in line and "another --out" in line
    assert out.read_text(encoding="utf-8") == "my own notes\n"
    _ok("export", camp, "--out", out, "--force")
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "drawsteel-kit export"
    assert [p.name for p in out.parent.iterdir()] == ["books.json"]  # no temporary file left


def test_export_never_writes_through_a_symbolic_link(camp: Path, tmp_path: Path) -> None:
    system = tmp_path / "passwd"
    system.write_text(SYSTEM_FILE, encoding="utf-8")
    link = tmp_path / "export.json"
    link.symlink_to(system)
    assert_one_clear_line(invoke("export", camp, "--out", link), "symbolic link", "exists")
    _ok("export", camp, "--out", link, "--force")
    assert system.read_text(encoding="utf-8") == SYSTEM_FILE  # the link was replaced
    assert not link.is_symlink() and "drawsteel-kit export" in link.read_text(encoding="utf-8")
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "would-be-created")
    assert_one_clear_line(invoke("export", camp, "--out", dangling), "exists")
    assert not (tmp_path / "would-be-created").exists()


def test_export_refuses_a_pipe_even_with_force(camp: Path, tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for extra in ((), ("--force",)):
        assert_one_clear_line(invoke("export", camp, "--out", pipe, *extra), "not a regular file")


def test_export_into_a_missing_folder_is_one_line(camp: Path, tmp_path: Path) -> None:
    assert_one_clear_line(invoke("export", camp, "--out", tmp_path / "no" / "x.json"),
                          "no such file")


def _pages(site: Path) -> list[str]:
    return sorted(p.name for p in site.iterdir())


def test_publish_takes_a_new_folder_and_its_own_site_again(camp: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    _ok("publish", camp, "--out", site)
    pages = _pages(site)
    assert SITE_MARKER in pages and "index.html" in pages
    listed = json.loads((site / SITE_MARKER).read_text(encoding="utf-8"))["files"]
    assert sorted(listed) == sorted(set(pages) - {SITE_MARKER})
    _ok("publish", camp, "--out", site)  # its own earlier output: no --force needed
    assert _pages(site) == pages
    empty = tmp_path / "empty"
    empty.mkdir()
    _ok("publish", camp, "--out", empty)


def test_publish_refuses_a_folder_of_other_files_unless_force(camp: Path,
                                                              tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "index.html").write_text("my homepage", encoding="utf-8")
    line = assert_one_clear_line(invoke("publish", camp, "--out", home), "--force")
    assert "holds other files" in line
    assert _pages(home) == ["index.html"]
    assert (home / "index.html").read_text(encoding="utf-8") == "my homepage"
    _ok("publish", camp, "--out", home, "--force")
    assert (home / "index.html").read_text(encoding="utf-8") != "my homepage"


def test_publish_into_its_own_site_spares_what_it_did_not_write(camp: Path,
                                                                 tmp_path: Path) -> None:
    """A page it did not write is refused; a link where a page goes is replaced, not
    followed; its own stale pages go; a doctored list cannot reach outside the folder."""
    site = tmp_path / "site"
    _ok("publish", camp, "--out", site)
    system = tmp_path / "passwd"
    system.write_text(SYSTEM_FILE, encoding="utf-8")
    (site / "index.html").unlink()
    (site / "index.html").symlink_to(system)
    marker = site / SITE_MARKER
    listed = json.loads(marker.read_text(encoding="utf-8"))
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me", encoding="utf-8")
    (site / "hero-gone.html").write_text("an old page", encoding="utf-8")
    listed["files"] += ["hero-gone.html", "../outside.txt"]
    marker.write_text(json.dumps(listed), encoding="utf-8")
    _ok("publish", camp, "--out", site)
    assert system.read_text(encoding="utf-8") == SYSTEM_FILE
    assert not (site / "index.html").is_symlink()
    assert not (site / "hero-gone.html").exists()
    assert outside.read_text(encoding="utf-8") == "keep me"
    (site / "hero-val.html").unlink()
    (site / "hero-val.html").write_text("not from publish", encoding="utf-8")
    listed = json.loads(marker.read_text(encoding="utf-8"))
    listed["files"].remove("hero-val.html")
    marker.write_text(json.dumps(listed), encoding="utf-8")
    assert_one_clear_line(invoke("publish", camp, "--out", site), "did not write", "--force")
    assert (site / "hero-val.html").read_text(encoding="utf-8") == "not from publish"


def test_backup_refuses_an_existing_file_or_link(camp: Path, tmp_path: Path) -> None:
    """`backup CAMPAIGN DEST` names a new file: an existing one, or a link (even dangling),
    is refused and left alone."""
    taken = tmp_path / "taken.db"
    taken.write_text("mine", encoding="utf-8")
    assert_one_clear_line(invoke("backup", camp, taken), "already exists")
    assert taken.read_text(encoding="utf-8") == "mine"
    dangling = tmp_path / "link.db"
    dangling.symlink_to(tmp_path / "elsewhere.db")
    assert_one_clear_line(invoke("backup", camp, dangling), "already exists")
    assert not (tmp_path / "elsewhere.db").exists()
    _ok("backup", camp, tmp_path / "new.db")
