"""Every event kind's human name, and the one sentence each event reads as.

The kit names its own kinds here (sessions and days, notes, init, plans, undo); each game
system names its own in its ``kinds`` part (``systems/<name>/kinds.py``, found through the
registry): ``KINDS`` (kind -> name) and, optionally, ``SENTENCES`` (kind -> a function from
an event to its sentence, for kinds whose stored summary reads poorly). The CLI's
``history``, the History panel and every player page show :func:`sentence`, never a kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger import Event
    from drawsteel_kit.kit.registry import System

__all__ = ["KIT_KINDS", "Sentence", "is_kind", "kind_for", "kind_name", "kind_names", "sentence",
           "sentences"]

Sentence = Callable[["Event"], str]

#: The kit's own kinds, written for every system.
KIT_KINDS: Mapping[str, str] = {
    "campaign_created": "Campaign created",
    "campaign_configured": "Settings updated",
    "sheet_added": "Character joined",
    "session_started": "Session started",
    "session_ended": "Session ended",
    "day_advanced": "Day began",
    "note_added": "Note",
    "plan_resolved": "Plan resolved",
    "undo": "Undo",
}


def _undo(event: Event) -> str:
    """``Undid #12 (what #12 said)``, and the reason given."""
    said = str(event.payload["summary"])
    head, _, rest = said.partition(": ")
    what = rest if head.startswith("Undo #") and rest else said
    target = f"#{event.undoes} " if event.undoes else ""
    reason = str(event.payload.get("reason") or "")
    return f"Undid {target}({_bare(what)})" + (f": {reason}" if reason else "")


_KIT_SENTENCES: Mapping[str, Sentence] = {"undo": _undo}


def _system(system: System | str | None) -> System:
    from drawsteel_kit.kit.registry import default_system
    from drawsteel_kit.kit.registry import system as find

    if system is None:
        return default_system()
    return find(system) if isinstance(system, str) else system


@cache
def _parts(key: str) -> tuple[Mapping[str, str], Mapping[str, Sentence]]:
    module = _system(key).part("kinds")
    return ({**KIT_KINDS, **module.KINDS},
            {**_KIT_SENTENCES, **getattr(module, "SENTENCES", {})})


def kind_names(system: System | str | None = None) -> dict[str, str]:
    """Every kind a campaign of ``system`` (default: Draw Steel) may write, with its name."""
    return dict(_parts(_system(system).key)[0])


def sentences(system: System | str | None = None) -> dict[str, Sentence]:
    """The kinds whose sentence is made from the event's payload, not its stored summary."""
    return dict(_parts(_system(system).key)[1])


def _humane(kind: str) -> str:
    """A kind no registry names (an old ledger's): its words, capitalised."""
    words = kind.replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else "Event"


def kind_name(kind: str, system: System | str | None = None) -> str:
    """The human name of ``kind`` (``project_event_check`` -> "Project event check")."""
    return _parts(_system(system).key)[0].get(kind) or _humane(kind)


def is_kind(text: str) -> bool:
    """Whether ``text`` is written as a kind is (``project_roll``), not as a name."""
    return bool(text) and text == text.lower() and " " not in text


def kind_for(text: str, system: System | str | None = None) -> str:
    """The kind a name stands for ("Project roll", any case, -> ``project_roll``); a kind,
    or a name no kind has, as it is."""
    wanted = " ".join(text.split()).casefold()
    for kind, name in _parts(_system(system).key)[0].items():
        if name.casefold() == wanted:
            return kind
    return text


def _bare(text: str) -> str:
    return text.strip().rstrip(".").strip()


def _finish(text: str) -> str:
    """One sentence: a capital first letter and a full stop."""
    text = " ".join(text.split())
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def sentence(event: Event, system: System | str | None = None) -> str:
    """The sentence ``event`` reads as: its system's own wording for the kind, else the
    summary it was written with, else (an old ledger's event with none) the kind's name and
    who it was about."""
    names, made = _parts(_system(system).key)
    summary = str(event.payload.get("summary") or "").strip()
    if event.kind in made:
        try:
            text = made[event.kind](event)
        except (KeyError, TypeError, ValueError):  # an old payload without the fields
            text = summary
        if text:
            return _finish(text)
    if summary and summary != event.kind:
        return _finish(summary)
    name = names.get(event.kind) or _humane(event.kind)
    return _finish(f"{name}: {event.actor}" if event.actor else name)
