"""The ``drawsteel-kit`` root group: it knows every command by name and imports a command's
module only when that command runs (click's lazy-loading pattern: ``list_commands`` and
``get_command``), so ``drawsteel-kit status`` does not pay for serving, notebooks or another
system's commands.

Where each command is: the front end's own below (``FRONT_END``: a module of ``cli/``), each
game system's through the registry (``System.commands``). What --help lists for a command not
loaded is its summary in ``summaries.py``.
"""

from __future__ import annotations

import importlib

import click

from drawsteel_kit import __version__
from drawsteel_kit.cli.summaries import SUMMARIES
from drawsteel_kit.kit.commands import whole_summaries
from drawsteel_kit.kit.registry import SYSTEMS, every_system

__all__ = ["FRONT_END", "LazyGroup", "main", "whereabouts"]

#: The front end's own commands, by the module of ``drawsteel_kit.cli`` whose ``commands``
#: group holds each.
FRONT_END: dict[str, str] = {
    **dict.fromkeys(("new", "init", "status", "history", "undo", "backup", "export",
                     "rebuild", "upgrade"), "core"),
    **dict.fromkeys(("restore", "import"), "books"),
    **dict.fromkeys(("lab", "notebooks"), "jupyter"),
    "resolve": "plans",
    **dict.fromkeys(("serve", "links", "publish"), "workbook"),
}


def whereabouts(*, everything: bool = False) -> dict[str, tuple[str, str]]:
    """Every root command: name -> (``cli`` or a system's key, the module that holds it);
    ``everything``: with the commands of systems other installed packages add (read only
    when a command typed is not found otherwise: --help and the commands stay as quick as
    the package's own)."""
    found = {name: ("cli", module) for name, module in FRONT_END.items()}
    for system in (every_system() if everything else SYSTEMS.values()):
        for name, module in system.commands:
            found.setdefault(name, (system.key, module))
    return found


def _load(name: str, where: tuple[str, str]) -> click.Command:
    owner, module = where
    if owner == "cli":
        found = importlib.import_module(f"drawsteel_kit.cli.{module}")
        return found.commands.commands[name]
    return SYSTEMS[owner].cli_command(name)


class LazyGroup(click.Group):
    """A group whose commands are imported on first use. Reading ``commands`` (tests, tools
    that walk every command) imports them all; running one, or --help, does not."""

    _all_loaded = False

    def _lazy(self, *, everything: bool = False) -> dict[str, tuple[str, str]]:
        return whereabouts(everything=everything)

    @property  # type: ignore[override]  # click.Group's commands, loaded on first read
    def commands(self) -> dict[str, click.Command]:
        if not self._all_loaded:
            self._all_loaded = True
            for name in self._lazy():
                self._load(name)
        return self._commands

    @commands.setter
    def commands(self, value: dict[str, click.Command]) -> None:
        self._commands = value

    def _load(self, name: str) -> click.Command | None:
        if name not in self._commands:
            where = self._lazy().get(name) or self._lazy(everything=True).get(name)
            if where is None:
                return None
            command = _load(name, where)
            whole_summaries(command)
            self._commands[name] = command
        return self._commands[name]

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self._commands, *self._lazy()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self._load(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The Commands sections, one for the campaign's books and one per game system (the
        default system's first): a loaded command's own summary, else the table's."""
        where = self._lazy()
        sections: dict[str, list[tuple[str, str]]] = {}
        for name in self.list_commands(ctx):
            loaded = self._commands.get(name)
            if loaded is None and name not in SUMMARIES:  # a system's command we don't know
                loaded = self._load(name)
            if loaded is not None and loaded.hidden:
                continue
            owner = where.get(name, ("cli", ""))[0]
            sections.setdefault(owner, []).append(
                (name, loaded.get_short_help_str(10_000) if loaded is not None
                 else SUMMARIES.get(name, "")))
        order = ["cli", *sorted((k for k in SYSTEMS if k in sections),
                                key=lambda k: (not SYSTEMS[k].default, SYSTEMS[k].title))]
        for owner in order:
            if owner in sections:
                title = ("Campaigns and their books" if owner == "cli"
                         else SYSTEMS[owner].title[:1].upper() + SYSTEMS[owner].title[1:])
                with formatter.section(title):
                    formatter.write_dl(sections[owner])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="drawsteel-kit")
def main() -> None:
    """Keep a Draw Steel party's books: sessions, victories, respites, XP, hero tokens.

    CAMPAIGN is a campaign folder (holding campaign.yaml and ledger.db), or a name
    under ./campaigns. Start with `drawsteel-kit new "My Campaign"`, edit its
    campaign.yaml, then `drawsteel-kit init campaigns/my-campaign`.
    """
