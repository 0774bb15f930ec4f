"""The campaign is composed, not inherited: one host (the kit's ``BaseCampaign``) holding its
areas as objects, no area inheriting another, and the public API a one-line delegation to the
area that does the work, with the area method's own signature (docs/architecture.md, "The
campaign: a host and its areas")."""

from __future__ import annotations

import ast
import inspect
import shutil
from pathlib import Path
from typing import Any

import pytest

from drawsteel_kit.kit.book.area import Area
from drawsteel_kit.kit.book.calendar import Calendar
from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.book.notes import NoteStore
from drawsteel_kit.kit.book.sheets import SheetStore, SystemBook
from drawsteel_kit.kit.registry import SYSTEMS
from drawsteel_kit.systems.condition_sheet.book.between import BetweenBattles
from drawsteel_kit.systems.draw_steel import campaign as ds_campaign
from drawsteel_kit.systems.draw_steel.book.base import DrawSteelArea
from drawsteel_kit.systems.draw_steel.campaign import Areas, Campaign
from drawsteel_kit.systems.pf2e.book.combat import Combat
from drawsteel_kit.systems.pf2e.book.turns import Turns

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "drawsteel_kit"
KIT_AREAS = {"calendar": Calendar, "note_store": NoteStore, "sheet_store": SheetStore}
#: What Draw Steel's Campaign adds of its own (the host's hooks), not delegations.
OWN = {"members", "roster", "member", "status", "_check_undo", "__init__"}
#: The kit host's own methods: opening, history, undo, backup, export, the write path.
HOST_OWN = {"open", "upgrade", "init", "close", "__init__", "__enter__", "__exit__", "status",
            "status_text", "history", "history_count", "_history_filters", "undo",
            "_check_undo", "backup", "backup_ledger", "export", "export_json", "party",
            "settings", "system", "book", "_system_book", "dungeon_world", "pf2e",
            "condition_sheet", "next_id", "transaction", "writing"}


def _draw_steel_areas() -> dict[str, type]:
    held = Areas(Campaign.__new__(Campaign))  # an area only keeps its campaign
    return {name: type(area) for name, area in vars(held).items()}


def _delegations(path: Path, cls: str, holder: str) -> dict[str, tuple[str, str, ast.AST]]:
    """Each method of ``cls`` whose body is its docstring and ``return <holder>.AREA.NAME...``:
    method name -> (area, name called, the call)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    (klass,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls]
    found: dict[str, tuple[str, str, ast.AST]] = {}
    for fn in klass.body:
        if not isinstance(fn, ast.FunctionDef):
            continue
        body = fn.body[1:] if ast.get_docstring(fn) is not None else fn.body
        if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
            continue
        call = body[0].value
        target = call.func if isinstance(call, ast.Call) else call
        text = ast.unparse(target)
        if text.startswith(holder + "."):
            area, _, name = text[len(holder) + 1:].partition(".")
            found[fn.name] = (area, name, call)
    return found


def _public(cls: type) -> set[str]:
    return {n for n, v in vars(cls).items()
            if (inspect.isfunction(v) or isinstance(v, property)) and not n.startswith("_")}


def test_the_campaign_is_the_host_and_its_own_class_only() -> None:
    assert Campaign.__mro__ == (Campaign, BaseCampaign, object)
    assert BaseCampaign.__mro__ == (BaseCampaign, object)


def test_no_area_inherits_another() -> None:
    areas = {**KIT_AREAS, **_draw_steel_areas()}
    for name, cls in areas.items():
        assert set(cls.__mro__) <= {cls, DrawSteelArea, Area, object}, (name, cls.__mro__)
    for key, played in SYSTEMS.items():  # another system's one area: its book
        if not played.default:
            book = played.book_class()
            assert book.__mro__ == (book, SystemBook, Area, object), (key, book.__mro__)
    classes = list(areas.values())
    assert len(set(classes)) == len(classes), "an area class held twice"
    for a in classes:
        assert not [b for b in classes if b is not a and issubclass(a, b)], a


def _check(owner: type, delegations: dict[str, tuple[str, str, ast.AST]],
           areas: dict[str, type]) -> None:
    for method, (area, name, call) in delegations.items():
        assert area in areas, f"{owner.__name__}.{method} delegates to no area ({area})"
        assert name == method, f"{owner.__name__}.{method} calls {area}.{name}"
        ours, theirs = vars(owner)[method], getattr(areas[area], name)
        if isinstance(ours, property):
            assert isinstance(theirs, property), method
            ours, theirs = ours.fget, theirs.fget
        mine, its = inspect.signature(ours), inspect.signature(theirs)
        assert mine == its, f"{owner.__name__}.{method}{mine} is not {area}.{name}{its}"
        first = (inspect.getdoc(ours) or "").split("\n\n")[0]
        assert first and (inspect.getdoc(theirs) or "").startswith(first), method
        if isinstance(call, ast.Call):  # every argument handed on as it came
            params = [p for p in mine.parameters.values() if p.name != "self"]
            passed = [ast.unparse(a) for a in call.args] + [
                f"{k.arg}={ast.unparse(k.value)}" if k.arg else f"**{ast.unparse(k.value)}"
                for k in call.keywords]
            wanted = [p.name if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                      else f"*{p.name}" if p.kind is p.VAR_POSITIONAL
                      else f"**{p.name}" if p.kind is p.VAR_KEYWORD
                      else f"{p.name}={p.name}" for p in params]
            assert passed == wanted, method


def test_draw_steels_public_api_is_one_line_delegations_with_the_areas_signatures() -> None:
    areas = _draw_steel_areas()
    delegations = _delegations(PACKAGE / "systems/draw_steel/campaign.py", "Campaign",
                               "self.areas")
    assert len(delegations) > 60
    _check(Campaign, delegations, areas)
    others = _public(Campaign) - set(delegations) - OWN
    assert not others, f"Campaign's own methods beyond the host's hooks: {sorted(others)}"


def test_the_hosts_calendar_notes_and_sheets_are_delegations_too() -> None:
    delegations = _delegations(PACKAGE / "kit/book/campaign.py", "BaseCampaign", "self")
    delegations = {k: v for k, v in delegations.items() if v[0] in KIT_AREAS}
    assert {"start_session", "advance_day", "add_note", "notes", "sheets",
            "members", "member"} <= set(delegations)
    _check(BaseCampaign, delegations, KIT_AREAS)
    others = _public(BaseCampaign) - set(delegations) - HOST_OWN
    assert not others, sorted(others)


def test_calls_between_areas_are_typed() -> None:
    """No area reaches another through an untyped attribute (a mixin's ``self._x`` that
    only the composed class has)."""
    for path in sorted((PACKAGE / "systems/draw_steel/book").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "type: ignore[attr-defined]" not in text, path.name
        tree = ast.parse(text)
        mixins = [n.name for n in tree.body if isinstance(n, ast.ClassDef)
                  and n.name.endswith("Ops")]
        assert not mixins, (path.name, mixins)


@pytest.fixture
def dw(tmp_path: Path) -> Any:
    folder = tmp_path / "dw"
    folder.mkdir()
    shutil.copy(ROOT / "campaigns/dungeon-world-demo/campaign.yaml", folder)
    camp, _ = BaseCampaign.init(folder)
    try:
        yield camp
    finally:
        camp.close()


def test_another_systems_book_is_an_area_the_host_holds(dw: Any) -> None:
    book = dw.book
    assert isinstance(book, SystemBook) and book.campaign is dw
    assert dw.book is book  # held, not made anew at each call
    assert dw.calendar.campaign is dw and dw.sheet_store.campaign is dw


def test_draw_steels_areas_hold_their_campaign(campaign: Campaign) -> None:
    for name, area in vars(campaign.areas).items():
        assert area.campaign is campaign, name
        assert isinstance(area, DrawSteelArea), name
    assert ds_campaign.Campaign is Campaign


@pytest.mark.parametrize(("module", "book", "held"), [
    ("pf2e/book/__init__.py", "EncounterTracker", {"turns": Turns, "combat": Combat}),
    ("condition_sheet/book/__init__.py", "ConditionSheetBook", {"between": BetweenBattles}),
])
def test_a_systems_book_hands_its_areas_methods_on_the_same_way(
        module: str, book: str, held: dict[str, type]) -> None:
    """pf2e's tracker and the condition sheet's book hold their parts as areas too (not
    mixins), each public method of a part a delegation on the book, as ``campaign.pf2e``
    and ``campaign.book`` are called."""
    owner = next(s.book_class() for s in SYSTEMS.values() if s.book == book)
    for cls in held.values():
        assert cls.__mro__ == (cls, object)
    delegations = _delegations(PACKAGE / "systems" / module, book, "self")
    delegations = {k: v for k, v in delegations.items() if v[0] in held}
    for area, cls in held.items():
        assert {n for n, v in vars(cls).items() if not n.startswith("_") and n != "ledger"
                and (inspect.isfunction(v) or isinstance(v, property))} == {
            m for m, (a, _, _) in delegations.items() if a == area}, area
    _check(owner, delegations, held)
