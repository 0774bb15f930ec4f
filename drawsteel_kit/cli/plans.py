"""``drawsteel-kit resolve``: a campaign's plan (Draw Steel's downtime, Dungeon World's town
days) resolved through the resolution notebook, or in this process."""

from __future__ import annotations

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, progress_option

#: This module's commands: the root group (``cli/root.py``) imports it when one runs.
commands = click.Group()


@commands.command("resolve")
@campaign_arg
@click.option("--plan", "plan", required=True, metavar="PLAN",
              help="A plan file, or its name in the campaign's plans/ folder.")
@click.option("--seed", type=click.IntRange(0), default=None,
              help="Dice seed: the same seed gives the same rolls (default: a new one, printed).")
@click.option("--dry-run", is_flag=True, help="Show exactly what would happen; write nothing.")
@click.option("--no-notebook", is_flag=True,
              help="Resolve in this process, without the notebook and its record in runs/.")
@click.option("--again", is_flag=True,
              help="Resolve a plan that was already resolved once more (normally it is not).")
@click.option("--keep", is_flag=True,
              help="Keep the notebook and report of a dry run or a refused run in runs/ too.")
@progress_option
@friendly
def resolve(campaign: str, plan: str, seed: int | None, dry_run: bool,
            no_notebook: bool, again: bool, keep: bool, progress: bool | None) -> None:
    """Resolve a downtime plan day by day: all of it, or nothing.

    Runs notebooks/resolve_downtime.ipynb through papermill and keeps the executed notebook
    and an HTML report in the campaign's runs/ folder (a dry run only with --keep). A plan
    already resolved is not resolved twice: running it again (after a crash, say) writes
    nothing unless --again.

    Example: drawsteel-kit resolve campaigns/demo --plan first-week --seed 7 --dry-run
    """
    from drawsteel_kit.kit.progress import Progress

    told = Progress(progress)
    if no_notebook:
        from drawsteel_kit.workbook.plan_runs import main_resolve

        main_resolve(campaign, plan, seed, dry_run, click.echo, again=again, progress=told)
        return
    from drawsteel_kit.workbook.notebook_runs import resolve_through_notebook

    run = resolve_through_notebook(campaign, plan, seed=seed, dry_run=dry_run, again=again,
                                   keep=keep, progress=told)
    for line in run.lines:
        click.echo(line)
    if run.notebook is not None:
        click.echo(f"Kept: {run.notebook} and {run.report}")
