"""``python -m drawsteel_kit.demo FOLDER`` (``make demo``): build a demo campaign's books.

The folder's campaign.yaml names the system; that system's demo builder plays it. Draw
Steel's demo resolves its week of downtime through ``notebooks/resolve_downtime.ipynb`` with
papermill, as ``drawsteel-kit resolve`` does, so the executed notebook and its HTML report
land in ``runs/`` (``--no-notebook``: in this process).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.kit.registry import System, system

__all__ = ["main", "notebook_resolver"]


def _system_of(folder: Path) -> System:
    """The rule system the folder's campaign.yaml plays (checked when it is read)."""
    from drawsteel_kit.kit.campaign_file import load_campaign_file
    from drawsteel_kit.kit.folder import CAMPAIGN_FILE

    return system(load_campaign_file(folder / CAMPAIGN_FILE).system)


def notebook_resolver(folder: Path, plan: Path, seed: int) -> list[str]:
    """Resolve ``plan`` through the resolution notebook; its report lines and what was kept
    (its stages on stderr when that is a terminal)."""
    from drawsteel_kit.kit.progress import Progress
    from drawsteel_kit.workbook.notebook_runs import resolve_through_notebook

    run = resolve_through_notebook(folder, plan, seed=seed, dry_run=False, progress=Progress())
    return [*run.lines, f"Kept: {run.notebook} and {run.report}"]


def main(argv: list[str] | None = None) -> int:
    """Command-line entry for ``make demo``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="campaigns/demo")
    parser.add_argument("--no-notebook", action="store_true",
                        help="resolve the week in this process, not through the notebook")
    args = parser.parse_args(argv)
    try:
        played = _system_of(Path(args.folder))
        resolver = None if args.no_notebook else notebook_resolver
        played.part("demo").build(args.folder, resolver=resolver).close()
    except DrawSteelKitError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
