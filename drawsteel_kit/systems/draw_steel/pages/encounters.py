"""The "Encounters" sections of Draw Steel's player pages (called by ``views.dashboard``).

The party page shows this session's encounters and the victories each gave, then the last
few before; a hero's page the encounters that hero took part in. Only encounters the
viewer may see are read (never a Director-only one); every text is escaped (``kit.ui.html``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from drawsteel_kit.kit.ui.html import Html, Markup, table
from drawsteel_kit.kit.words import plural

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.book.encounters import Encounter
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["EARLIER_SHOWN", "hero_encounters", "party_encounters"]

#: How many encounters from before this session the party page lists.
EARLIER_SHOWN = 5
#: How many encounters a hero's page lists (the newest).
HERO_SHOWN = 15


def _gains(enc: Encounter) -> str:
    return ", ".join(f"{name} +{v}" for name, v in enc.victories.items() if v) or "none"


def _rows(found: list[Encounter], redact: Callable[[str], str]) -> list[tuple[object, ...]]:
    return [(e.number, e.day, e.session or "-", redact(e.title), e.kind,
             redact(e.objective) or "-", "yes" if e.met else "no",
             ", ".join(str(o) for o in e.opponents) or "-", ", ".join(e.fell) or "-",
             _gains(e)) for e in found]


HEADERS = ["#", "day", "session", "encounter", "kind", "objective", "met", "against", "fell",
           "victories"]
#: The column that heads an encounter's card on a phone: its name.
KEY = HEADERS.index("encounter")


def party_encounters(campaign: Campaign, redact: Callable[[str], str]) -> Html:
    """This session's encounters with its victories per hero, and the last few before."""
    viewer = "party"
    session = campaign.party.session or None
    logged = campaign.encounters(visible_to=viewer)
    now = [e for e in logged if session is not None and e.session == session]
    earlier = [e for e in logged if e not in now][-EARLIER_SHOWN:][::-1]
    tally = campaign.session_victories(session, visible_to=viewer) if session else None
    each = ", ".join(f"{name} {v}" for name, v in tally.by_hero.items()) if tally else ""
    total = (Markup('<p class="dsk-meta">Session {}: {} victories from its encounters ({})</p>'
                    ).format(session, tally.total, each)
             if tally and tally.encounters else "")
    title = f"Encounters in session {session}" if session else "Encounters"
    return Html(Markup('<div class="dsk-page"><h2>{}</h2>{}{}<h2>Earlier encounters</h2>{}</div>'
                       ).format(title, table(HEADERS, _rows(now, redact), key=KEY,
                                             empty="No encounters logged yet."), total,
                                table(HEADERS, _rows(earlier, redact), key=KEY,
                                      empty="None before.")))


def hero_encounters(campaign: Campaign, hero: str, redact: Callable[[str], str]) -> Html:
    """The encounters ``hero`` took part in, newest first."""
    took_part = [e for e in campaign.encounters(visible_to=hero) if hero in e.participants]
    rows = _rows(took_part[-HERO_SHOWN:][::-1], redact)
    gained = sum(e.victories.get(hero, 0) for e in took_part)
    return Html(Markup('<div class="dsk-page"><h2>Encounters</h2>{}<p class="dsk-meta">{}, '
                       "{} from them in all</p></div>").format(
        table(HEADERS, rows, key=KEY, empty="No encounters logged yet."),
        plural(len(took_part), "encounter"), plural(gained, "victory", "victories")))
