"""Every event kind the code can write has a human name, and every event reads as a sentence.

The kinds are found by reading the source (the first argument of every call that writes an
event, and every kind a variable is set to before one is written), so a new kind without a
name fails here before anyone sees ``some_new_kind`` in a history.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest
from source_trees import PACKAGE, modules, nodes

from drawsteel_kit.kit.book.sentences import (
    KIT_KINDS,
    kind_for,
    kind_name,
    kind_names,
    sentence,
)
from drawsteel_kit.kit.ledger import Event
from drawsteel_kit.kit.registry import SYSTEMS
from drawsteel_kit.systems.dungeon_world.rules.moves import Move

#: The calls whose first or second argument is the kind of the event they write.
WRITERS = {"event", "party_event", "hero_event", "_step", "write_step", "_rolled",
           "_write_hold", "_grant", "_work_outside_respites"}
#: Kinds made from a pattern (an f-string in the source), spelled out: the rewards'
#: ``{field}_gained``/``_lost`` and Dungeon World's ``dw_{move}``.
FAMILIES: dict[str, set[str]] = {
    "draw-steel": {f"{field}_{how}" for field in ("renown", "wealth")
                   for how in ("gained", "lost")},
    "dungeon-world": {f"dw_{move.value}" for move in Move},
}
#: How a kind is written (``undo``, ``project_roll``).
KIND = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")
#: A kind among other words (``kind = "respite_interrupted" if ... else "respite"``).
SNAKE = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)+$")


def _strings(node: ast.AST) -> list[str]:
    """The string constants a kind argument may be: a literal, or either side of an ``if``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def _owner(path: Path) -> str:
    """The system a module belongs to (by its folder), or "kit"."""
    parts = path.relative_to(PACKAGE).parts
    played = [s.key for s in SYSTEMS.values() if parts[:2] == ("systems", s.module)]
    return played[0] if played else "kit"


def written_kinds() -> dict[str, set[str]]:
    """Every kind the source writes, by the system (or "kit") whose module writes it."""
    paths = modules(PACKAGE)
    constants = {t.id: v for path in paths for node in nodes(path)
                 if isinstance(node, ast.Assign)
                 for t in node.targets if isinstance(t, ast.Name) and t.id.isupper()
                 for v in _strings(node.value)}  # module constants: ENCOUNTER_LOGGED = ...
    found: dict[str, set[str]] = defaultdict(set)
    for path in paths:
        owner = _owner(path)
        for node in nodes(path):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                if name not in WRITERS:
                    continue
                for arg in node.args[:2]:
                    found[owner].update(k for k in _strings(arg) if KIND.match(k))
                    if isinstance(arg, ast.Name) and KIND.match(constants.get(arg.id, "")):
                        found[owner].add(constants[arg.id])
            elif isinstance(node, ast.Assign):  # kind = "a" if x else "b"; kind, verb = ...
                for target in node.targets:
                    pairs = (zip(target.elts, node.value.elts, strict=False)
                             if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                             else [(target, node.value)])
                    for t, v in pairs:
                        said = _strings(v)
                        if isinstance(t, ast.Name) and t.id == "kind" and any(
                                SNAKE.match(k) for k in said):
                            found[owner].update(k for k in said if KIND.match(k))
    for key, kinds in FAMILIES.items():
        found[key] |= kinds
    return found


def test_every_kind_the_code_writes_has_a_human_name() -> None:
    found = written_kinds()
    assert {"undo", "respite", "purchase", "project_roll"} <= found["kit"] | found["draw-steel"]
    assert len(found["kit"]) >= 9 and len(found["draw-steel"]) >= 50, found
    assert all(found[s.key] for s in SYSTEMS.values()), "a system writes no kind?"
    missing = sorted(k for k in found["kit"] if k not in KIT_KINDS)
    for played in SYSTEMS.values():
        names = kind_names(played)
        missing += [f"{played.key}: {k}" for k in sorted(found[played.key]) if k not in names]
    assert not missing, f"kinds without a human name: {missing}"
    for played in SYSTEMS.values():  # and no name for a kind nothing writes (a stale one)
        stale = set(kind_names(played)) - set(KIT_KINDS) - found[played.key]
        assert not stale, (played.key, sorted(stale))


@pytest.mark.parametrize("played", SYSTEMS.values(), ids=list(SYSTEMS))
def test_each_systems_names_read_as_words_and_tell_kinds_apart(played) -> None:
    names = kind_names(played)
    assert set(KIT_KINDS) <= set(names)
    for kind, name in names.items():
        assert name and name[0].isupper() and "_" not in name, (kind, name)
        assert kind_for(name.upper(), played) == kind  # a filter by the name finds the kind
    folded = [n.casefold() for n in names.values()]
    assert len(set(folded)) == len(folded), "two kinds share a name: a filter could not tell"


def _event(kind: str, payload: dict, actor: str | None = "Val", undoes: int | None = None,
           ) -> Event:
    return Event(id=7, kind=kind, day=2, session=1, actor=actor, payload=payload, seed=None,
                 dice=None, visibility="party", version="0.1.0",
                 created_at="2026-11-24T00:00:00+00:00", undoes=undoes)


@pytest.mark.parametrize("played", SYSTEMS.values(), ids=list(SYSTEMS))
def test_an_old_event_without_a_summary_still_reads_as_a_sentence(played) -> None:
    for kind, name in kind_names(played).items():
        said = sentence(_event(kind, {}), played)
        assert said == f"{name}: Val.", (kind, said)
        assert sentence(_event(kind, {}, actor=None), played) == f"{name}."


def test_a_kind_no_registry_knows_reads_as_words() -> None:
    assert kind_name("some_old_kind") == "Some old kind"
    assert sentence(_event("some_old_kind", {"summary": "some_old_kind"}, actor=None)) == \
        "Some old kind."
    assert kind_for("Nothing by that name") == "Nothing by that name"


def test_stored_summaries_become_sentences_and_some_kinds_are_reworded() -> None:
    ds = "draw-steel"
    assert sentence(_event("note_added", {"summary": "note: the bells"}), ds) == \
        "Note: the bells."
    check = {"summary": "Project event check: the d6 shows 4", "face": 4, "happened": False}
    assert sentence(_event("project_event_check", check), ds) == \
        "Project event check: the d6 shows 4, no project event."
    respite = {"summary": "Val completes a respite: +0 XP; activity: project roll on X",
               "xp_gained": 0}
    assert sentence(_event("respite", respite), ds) == \
        "Val completes a respite; activity: project roll on X."
    gained = {**respite, "summary": "Val completes a respite: +2 XP", "xp_gained": 2}
    assert sentence(_event("respite", gained), ds) == "Val completes a respite: +2 XP."
    undo = {"summary": "Undo #5: Val gains 1 renown: now 2", "reason": "wrong hero"}
    assert sentence(_event("undo", undo, undoes=5), ds) == \
        "Undid #5 (Val gains 1 renown: now 2): wrong hero."
    aid = {"summary": "Aid or Interfere by Ava: +1 forward (hack_and_slash)"}
    assert sentence(_event("dw_aid_or_interfere", aid), "dungeon-world") == \
        "Aid or Interfere by Ava: +1 forward (Hack and Slash)."
    # an old payload without the fields a rewording reads: its summary, as written
    assert sentence(_event("project_event_check", {"summary": "Event check: 6"}), ds) == \
        "Event check: 6."
