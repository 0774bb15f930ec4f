"""Titles: granting and revoking them, with what each title's benefit gives (renown, wealth,
followers, retainers), and the bonus a hero's titles add to a number."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import PARTY, Op, insert_op, update_op
from drawsteel_kit.kit.limits import did_you_mean, same_name
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    Writer,
    check_count,
    check_text,
    check_visibility,
    operation,
)
from drawsteel_kit.systems.draw_steel.records import TitleState, read_titles
from drawsteel_kit.systems.draw_steel.state import HeroState

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.catalog import titles as title_catalog

__all__ = ["MAX_TITLE_BONUS", "Titles", "title_row"]


#: Our own limits (not the book's): the most a title of the table's own may add to one
#: number, and the most one renown or wealth award may change.
MAX_TITLE_BONUS = 10


def title_row(hero: str, title: str, benefit: title_catalog.Benefit | None, *, effect: str,
              day: int, visibility: str = PARTY, numbers: dict[str, int] | None = None
              ) -> dict[str, Any]:
    """The ``titles`` row for a title granted now."""
    given = numbers or {k: getattr(benefit, k, 0) if benefit else 0
                        for k in ("renown", "wealth", "followers", "retainers")}
    return {"hero": hero, "title": title, "benefit": benefit.key if benefit else "",
            **given, "effect": effect, "day": day, "active": 1, "visibility": visibility}


class Titles(DrawSteelArea):
    """A hero's titles: read, grant, revoke; what they add."""

    # -- titles ---------------------------------------------------------------------------
    def titles(self, hero: str | None = None, *, visible_to: str | None = None
               ) -> list[TitleState]:
        """Titles held (one hero's when named)."""
        return read_titles(self.ledger.db, hero=self.campaign.hero(hero).name if hero else None,
                           visible_to=visible_to)

    def title_ops(self, w: Writer, hero: HeroState, title: str, benefit: str | None, *,
                  reason: str, visibility: str = PARTY, apply_numbers: bool = True,
                  custom: dict[str, int] | None = None, effect: str = "") -> None:
        """Write one title granted: its row, its renown and wealth (with the title as the
        reason), and the hero's list of titles."""
        from drawsteel_kit.systems.draw_steel.catalog import titles as title_catalog

        if any(same_name(t.title, title) for t in self.titles(hero.name)):
            raise RulesError(f"{hero.name} already holds the title {title!r}")
        if title_catalog.is_book_title(title):
            if custom:
                raise RulesError(f"{title!r} is a book title: its numbers come from the book "
                                 "(choose a benefit instead of giving numbers)")
            book = title_catalog.title(title)
            title, chosen = book.name, title_catalog.choose_benefit(book, benefit)
            row = title_row(hero.name, title, chosen, effect=book.effect, day=w.day,
                            visibility=visibility)
        else:
            if benefit:
                raise RulesError(f"{title!r} is not a book title, so it has no benefits to "
                                 "choose: give its numbers (renown, wealth, followers) instead")
            numbers = {k: check_count((custom or {}).get(k, 0), f"the title's {k}",
                                      minimum=0, maximum=MAX_TITLE_BONUS)
                       for k in ("renown", "wealth", "followers", "retainers")}
            row = title_row(hero.name, title, None, effect=effect, day=w.day,
                            visibility=visibility, numbers=numbers)
        ops: list[Op] = [insert_op("titles", self.campaign.next_id("titles"), row)]
        names = [*hero.titles, title] if title not in hero.titles else list(hero.titles)
        after: dict[str, Any] = {"titles": names}
        gains = []
        if apply_numbers:
            for field in ("renown", "wealth"):
                if row[field]:
                    after[field] = getattr(hero, field) + row[field]
                    gains.append(f"{field} +{row[field]}")
        if row["followers"]:
            gains.append(f"followers +{row['followers']}")
        if row["retainers"]:
            gains.append(f"retainers +{row['retainers']}")
        ops.append(update_op("heroes", hero.name, {"titles": list(hero.titles),
                                                   "renown": hero.renown,
                                                   "wealth": hero.wealth}, after))
        summary = f"{hero.name} earns the title {title}" + (f" ({', '.join(gains)})"
                                                           if gains else "")
        w.event("title_granted", ops, actor=hero.name, visibility=visibility, summary=summary,
                payload={"title": title, "benefit": row["benefit"], "source": "title",
                         "reason": reason or f"title: {title}"})

    @operation
    def grant_title(self, hero: str, title: str, *, benefit: str | None = None,
                    reason: str = "", visibility: str = PARTY, renown: int = 0,
                    wealth: int = 0, followers: int = 0, retainers: int = 0,
                    effect: str = "") -> Happened:
        """A hero earns a title. A book title applies its benefit (the hero chooses one when
        there are several); a title of the table's own takes its numbers as given."""
        who = self.campaign.hero(hero)
        title = check_text(title, "title", name=True)
        if not title:
            raise RulesError("name the title")
        title = self.areas.heroes.book_name("titles", title, "title")
        custom = {k: v for k, v in (("renown", renown), ("wealth", wealth),
                                    ("followers", followers), ("retainers", retainers)) if v}
        with self.writing() as w:
            self.title_ops(w, who, title, benefit, reason=check_text(reason, "reason"),
                           visibility=check_visibility(visibility), custom=custom,
                           effect=check_text(effect, "effect"))
        ev = w.written[-1]
        return Happened("title_granted", ev.summary, tuple(w.written))

    @operation
    def revoke_title(self, hero: str, title: str, *, reason: str) -> Happened:
        """A hero loses a title: its follower and retainer bonuses end. Renown and wealth it
        gave stay (change them with award_renown / award_wealth if the story says so)."""
        who = self.campaign.hero(hero)
        reason = check_text(reason, "reason")
        if not reason:
            raise RulesError("say why the title is lost (a reason)")
        title = check_text(title, "title")
        held = [t for t in self.titles(who.name) if same_name(t.title, title)]
        if not held:
            names = ", ".join(t.title for t in self.titles(who.name)) or "none"
            raise RulesError(f"{who.name} holds no title {title!r}; their titles: {names}"
                             f"{did_you_mean(title, [t.title for t in self.titles(who.name)])}")
        row = held[0]
        kept = [t for t in who.titles if not same_name(t, row.title)]
        summary = f"{who.name} loses the title {row.title} ({reason})"
        with self.writing() as w:
            w.event("title_revoked",
                    [update_op("titles", row.id, {"active": 1}, {"active": 0}),
                     update_op("heroes", who.name, {"titles": list(who.titles)},
                               {"titles": kept})],
                    actor=who.name, visibility=row.visibility, summary=summary,
                    payload={"title": row.title, "reason": reason})
        return Happened("title_revoked", summary, tuple(w.written))

    def title_bonus(self, hero: str, field: str) -> int:
        """What a hero's titles add to their follower cap (``followers``) or retainer limit
        (``retainers``)."""
        return sum(getattr(t, field) for t in self.titles(hero))
