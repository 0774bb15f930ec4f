"""What the notebooks' cells call: each cell is one call into here, so the logic is tested.

- ``notebooks/resolve_downtime.ipynb``: :class:`Resolving` (preview, write, what changed).
- ``notebooks/director.ipynb``: :func:`open_workbook` (the Director's panels).
- ``notebooks/forecast.ipynb``: :func:`forecast_controls` (a curve with what-if controls).
- ``notebooks/players/dashboard.ipynb``: :func:`open_player_campaign`, :func:`player_page`,
  :func:`show` and :func:`player_controls`, read-only.

Imports plotly and IPython only when a function needs them, so ``import drawsteel_kit``
stays light; and a resolution's plan reader (pydantic, YAML) only when a plan is resolved,
so a player's page never loads it.
"""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.kit.ui.display import display_outputs, figure_bundle, show

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign as Campaign
    from drawsteel_kit.kit.book.plans import Resolution
    from drawsteel_kit.kit.ui.pages import Page

__all__ = [
    "CAMPAIGN_ENV",
    "Resolving",
    "display_outputs",
    "figure_bundle",
    "forecast_controls",
    "open_player_campaign",
    "open_workbook",
    "player_controls",
    "player_page",
    "query_hero",
    "show",
    "show_page",
]

#: The environment variable through which `drawsteel-kit serve` fixes the campaign.
CAMPAIGN_ENV = "DRAWSTEEL_KIT_CAMPAIGN"


def _error_block(exc: DrawSteelKitError) -> Any:
    from drawsteel_kit.kit.ui.html import Html, Markup

    return Html(Markup('<p class="dsk-error"><b>{}</b></p>').format(exc))


# -- resolve_downtime.ipynb ----------------------------------------------------------------
@dataclass
class Resolving:
    """A plan being resolved from the notebook: preview first, then the real run."""

    campaign: Campaign
    plan_path: Path
    seed: int
    dry_run: bool
    again: bool = False
    preview_result: Resolution | None = None
    written: Resolution | None = None
    _plan: Any = field(default=None, repr=False)

    @classmethod
    def start(cls, campaign: str | Path, plan: str | Path, *, seed: int | None = None,
              dry_run: bool = True, again: bool = False) -> Resolving:
        """Open the campaign and read the plan (errors as the command line words them).

        A plan already resolved is not resolved twice unless ``again`` (see ``resolve``)."""
        from drawsteel_kit.kit.book.campaign import open_campaign
        from drawsteel_kit.kit.book.plans import FRESH_SEED_BELOW, find_plan
        from drawsteel_kit.workbook.plan_runs import read_plan

        camp = open_campaign(campaign)
        try:
            path = find_plan(camp.folder, plan)
            loaded = read_plan(camp, path)
        except BaseException:
            camp.close()
            raise
        fresh = secrets.randbelow(FRESH_SEED_BELOW) if seed is None else seed
        return cls(camp, path, fresh, bool(dry_run), bool(again), _plan=loaded)

    def preview(self) -> Resolution:
        """The dry run: exactly what a real run with this seed writes; prints its report."""
        from drawsteel_kit.workbook.plan_runs import resolve

        self.preview_result = resolve(self.campaign, self._plan, seed=self.seed, dry_run=True,
                                      again=self.again)
        print(self.preview_result)
        return self.preview_result

    def write(self) -> Resolution | None:
        """The real run (nothing when this is a dry run); prints its report."""
        if self.dry_run:
            return None
        from drawsteel_kit.workbook.plan_runs import resolve

        self.written = resolve(self.campaign, self._plan, seed=self.seed, dry_run=False,
                               again=self.again)
        print(self.written)
        return self.written

    def changes(self) -> list[Any]:
        """What changed (or would change), as blocks: the summary and charts."""
        from drawsteel_kit.kit.ui.html import Html, Markup

        result = self.written or self.preview_result
        if result is None:
            return []
        if result.already is not None:
            return [Html(Markup("<p>{}</p>").format(" ".join(result.lines())))]
        verb = "would change (dry run: nothing was written)" if result.dry_run else "changed"
        items = Markup("").join(Markup("<li>{}</li>").format(line) for line in result.summary)
        blocks: list[Any] = [Html(Markup("<h3>What the plan {}</h3><ul>{}</ul>").format(
            verb, items))]
        pages = self.campaign.system.part("pages")  # the system's pages draw its changes
        return blocks + pages.resolution_blocks(self.campaign, result)

    def close(self) -> None:
        """Close the campaign."""
        self.campaign.close()


# -- director.ipynb ------------------------------------------------------------------------
def open_workbook(campaign: str | Path) -> Any:
    """The Director's workbook on a campaign folder: its system's panels, found through the
    registry (``notebooks/director.ipynb``'s one call). Loads ipywidgets only when called."""
    from drawsteel_kit.kit.book.campaign import open_campaign
    from drawsteel_kit.kit.ui.workbook import Workbook

    camp = open_campaign(campaign)
    return Workbook(camp, camp.system.part("panels").PANELS)


# -- forecast.ipynb ------------------------------------------------------------------------
def forecast_controls(campaign: str | Path | Campaign, project: int | str) -> Any:
    """A project's completion curve with what-if controls (edges, banes, a skill, who works).

    Opens the campaign read-only: moving a control only recomputes the curve."""
    from drawsteel_kit.kit.book.campaign import BaseCampaign, open_campaign

    camp = campaign if isinstance(campaign, BaseCampaign) else open_campaign(campaign,
                                                                              readonly=True)
    return camp.system.part("panels").forecast_controls(camp, project)


# -- players/dashboard.ipynb ---------------------------------------------------------------
class NoPlayerKey(DrawSteelKitError):
    """A hero's page was asked for without that player's key."""


def query_hero(query: str | None = None, folder: str | Path | None = None) -> str | None:
    """The hero a visitor picked with ``?hero=NAME&key=K`` (Voila passes the query string in
    ``QUERY_STRING``). Only ``hero`` and ``key`` are read: a query string never picks a file
    or campaign. With ``folder`` (the campaign's), the key must be that hero's
    (``player-links.yaml``), else :class:`NoPlayerKey`: the server's hook checks it too."""
    from drawsteel_kit.workbook.links import check_key, hero_and_key

    picked, key = hero_and_key(os.environ.get("QUERY_STRING", "") if query is None else query)
    if picked is not None and folder is not None and not check_key(folder, picked, key):
        raise NoPlayerKey("this page needs its player's link: ask the Director for yours")
    return picked


#: What a page's kernel says of any error (a widget rejecting a crafted message, a cell that
#: fails): the exception's name and text would tell a visitor about our code.
PAGE_ERROR = "That could not be done: reload the page."


class PageError(Exception):
    """The name a page's kernel gives every error it reports (see PAGE_ERROR)."""


class _NoTraceback(logging.Filter):
    """A log record without its traceback or stack (their lines name the server's files)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


def _minimal_tracebacks() -> None:
    """In an IPython kernel, errors report as one ``Name: message`` line, without source,
    and nothing goes to stderr: the kernel forwards stderr to every page's websocket, where
    a widget message it rejects would otherwise send ipykernel's traceback (server paths)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - the workbook extra brings IPython
        return
    shell = get_ipython()
    if shell is None or not hasattr(shell, "InteractiveTB"):
        return  # not in a kernel: the Director's own terminal keeps its stderr
    shell.InteractiveTB.set_mode("Minimal")
    if hasattr(shell, "_showtraceback"):  # ipykernel's shell: the error message it sends
        def plain_error(*args: Any, **kwargs: Any) -> None:
            shell._showtraceback(PageError, PAGE_ERROR, [PAGE_ERROR])

        shell.showtraceback = plain_error
    import sys
    import warnings

    warnings.simplefilter("ignore")  # a warning's line names the file that raised it
    sink = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the kernel
    loggers = [logging.getLogger(), *(lg for lg in logging.Logger.manager.loggerDict.values()
                                      if isinstance(lg, logging.Logger))]
    for logger in loggers:
        for handler in logger.handlers:
            handler.addFilter(_NoTraceback())
            if isinstance(handler, logging.StreamHandler) and not isinstance(
                    handler, logging.FileHandler):
                handler.setStream(sink)
    sys.stderr = sink
    os.dup2(sink.fileno(), 2)  # what C code and the kernel's own handlers write to fd 2


def open_player_campaign(campaign: str | Path | None = None) -> Campaign:
    """The campaign the Director fixed (``campaign``, else $DRAWSTEEL_KIT_CAMPAIGN), read-only.

    In a kernel it first makes tracebacks one line: a visitor's crafted widget message that
    a widget rejects must not send them source lines and the server's file paths."""
    _minimal_tracebacks()
    where = campaign or os.environ.get(CAMPAIGN_ENV, "")
    if not where:
        from drawsteel_kit.kit.errors import CampaignNotFound

        raise CampaignNotFound(f"no campaign given: set {CAMPAIGN_ENV} (drawsteel-kit serve "
                               "does) or pass the campaign folder")
    from drawsteel_kit.kit.book.campaign import open_campaign

    return open_campaign(where, readonly=True)


def served_linker(hero: str | None, query: str | None = None) -> Callable[[str | None], str]:
    """Links on a served page: the party page for everyone, the visitor's own page with its
    key, and no link to another player's page (it needs that player's own link)."""
    from drawsteel_kit.workbook.links import hero_and_key, hero_query

    _, key = hero_and_key(os.environ.get("QUERY_STRING", "") if query is None else query)

    def linker(name: str | None) -> str:
        if name is None:
            return "?"
        return "?" + hero_query(name, key) if name == hero and key else ""

    return linker


def player_page(campaign: Campaign, hero: str | None = None) -> Page | list[Any]:
    """The party page, or the page of ``hero`` (default: the one in the query string).

    A hero that is not in the campaign gets a one-line message, never a traceback."""
    from drawsteel_kit.workbook.pages import player_page as build

    try:
        if hero is not None:
            return build(campaign, hero)
        picked = query_hero(folder=campaign.folder)
        return build(campaign, picked, linker=served_linker(picked))
    except DrawSteelKitError as exc:
        return [_error_block(exc)]


def player_controls(campaign: Campaign, page: Page | list[Any]) -> Any:
    """The page's read-only controls (a project's forecast, how much history to list);
    None on a page that only says what went wrong."""
    from drawsteel_kit.kit.book.party_view import PartyView
    from drawsteel_kit.workbook.player import PlayerControls

    if isinstance(page, list):
        return None
    with PartyView.of(campaign, page.hero) as view:  # the controls take fresh ones later
        return PlayerControls(view).widget


def show_page(page: Page | list[Any]) -> None:
    """Display a player page's blocks, but its history: :func:`player_controls` shows that,
    a page at a time. Its charts are HTML the served page draws (``display``)."""
    from drawsteel_kit.kit.ui.history_block import HistoryBlock

    blocks = page if isinstance(page, list) else page.blocks
    show([b for b in blocks if not isinstance(b, HistoryBlock)], served=True)

