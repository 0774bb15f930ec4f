"""The "Renown, followers, wealth and treasure" examples (docs/rules.md) run as written on the
demo."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

from cli_helpers import run
from systems.draw_steel.test_cli_downtime import REPO, readme_commands, section_text

from drawsteel_kit.systems.draw_steel.demo import build_demo

SECTION = "Renown, followers, wealth and treasure"


def _demo(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder)
    shutil.copytree(REPO / "campaigns" / "demo" / "plans", folder / "plans")
    build_demo(folder, echo=False).close()
    return folder


def test_the_readme_rewards_examples_run_as_written(tmp_path: Path) -> None:
    folder = _demo(tmp_path)
    text = section_text(SECTION)
    (code,) = re.findall(r"```python\n(.*?)```", text, re.S)
    from drawsteel_kit.kit.book.campaign import BaseCampaign

    out = io.StringIO()
    with BaseCampaign.open(folder) as camp, contextlib.redirect_stdout(out):
        before = camp.ledger.event_count()
        exec(compile(code, "README.md", "exec"), {"camp": camp})
        assert camp.ledger.event_count() > before
        assert {"Maelis", "Corwin"} <= {f.name for f in camp.followers("Quillon Ashmark")}
        assert camp.follower_cap("Yorn").cap == 3  # Noble: +2 followers beyond renown 4's 1
        assert camp.ledger.verify()
    printed = out.getvalue()
    assert "Yorn: 1 of 1 follower (renown 4); at the cap" in printed
    assert "sways Duke Orsolo? no: impression 8 is above renown 4" in printed
    commands = [[str(folder) if a == "$C" else a for a in cmd]
                for cmd in readme_commands(SECTION)]
    assert len(commands) == 5
    for args in commands:
        run(*args)
