"""Plain-text reports of a campaign for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawsteel_kit.kit.words import columns, noun, plural
from drawsteel_kit.systems.draw_steel.rules.advancement import MAX_LEVEL, echelon, xp_for_level
from drawsteel_kit.systems.draw_steel.rules.followers import where_shown

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["status_text"]


def status_text(camp: Campaign) -> str:
    """The party and its heroes, as `drawsteel-kit status` prints them."""
    party = camp.party
    track = str(party.settings.get("xp_track", "normal"))
    session = (f"session {party.session} (open)" if party.session_open
               else f"{plural(party.session, 'session')} played")
    lines = [
        f"{party.name} — day {party.day}, {session}, hero tokens {party.hero_tokens}",
    ]
    if party.stronghold:
        lines.append(f"Stronghold: {party.stronghold.get('name', '')}")
    if party.location:
        lines.append(f"The party is at {party.location}")
    under_way = camp.adventure()
    if under_way is not None:  # victories count from its start (000: 817)
        lines.append(f"Adventure: {under_way.name} (since day {under_way.started_day})")
    lines.append("")
    rows = [["hero", "class", "lvl", "xp", "next", "vict", "stamina", "recov", "renown",
             "wealth"]]
    for h in camp.heroes.values():
        nxt = xp_for_level(h.level + 1, track) if h.level < MAX_LEVEL else "-"
        rows.append([h.name, h.hero_class, str(h.level), str(h.xp), str(nxt),
                     str(h.victories), f"{h.stamina}/{h.max_stamina}",
                     f"{h.recoveries}/{h.max_recoveries}", str(h.renown), str(h.wealth)])
    lines += columns(rows, right=set(range(2, 10)))
    levels = sorted({echelon(h.level) for h in camp.heroes.values()})
    extras = []
    home = (camp.party.stronghold or {}).get("name")
    for h in camp.heroes.values():
        cap = camp.follower_cap(h.name)
        names = ", ".join(f"{f.name} ({f.role}" + (
            f", {where_shown(f.location, home)}" if f.location is not None else "") + ")"
            for f in camp.followers(h.name))
        titles = ", ".join(h.titles)
        if cap.cap or cap.kept or titles:
            extras.append(f"{h.name}: {cap.kept}/{cap.cap} followers"
                          + (f" ({names})" if names else "")
                          + ("; over the cap: no new follower can join" if cap.over else "")
                          + (f"; titles: {titles}" if titles else ""))
        extras += [f"{h.name}: maximum Stamina +{bonus} from {p.title} until the end of "
                   "the next respite" for p, bonus in camp.stamina_bonuses(h.name)]
    if extras:
        lines += ["", *extras]
    items = camp.inventory()
    if items:
        lines.append("Treasure and gear: " + ", ".join(
            f"{i.item}" + (f" x{i.count}" if i.count != 1 else "") for i in items[:12])
            + (f" and {len(items) - 12} more" if len(items) > 12 else ""))
    lines.append("")
    lines.append(f"{noun(len(levels), 'Echelon')}: {', '.join(map(str, levels))}; "
                 f"XP track: {track}")
    return "\n".join(lines)
