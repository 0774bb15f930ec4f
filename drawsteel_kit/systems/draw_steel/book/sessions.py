"""Sessions, hero tokens, victories and the campaign calendar."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.errors import RulesError, SessionError
from drawsteel_kit.kit.ledger import Op, update_op
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.book.base import (
    MAX_DAYS_AT_ONCE,
    DrawSteelArea,
    Happened,
    Writer,
    check_count,
    check_text,
    operation,
)
from drawsteel_kit.systems.draw_steel.book.encounters import ENCOUNTER_LOGGED
from drawsteel_kit.systems.draw_steel.book.encounters import tally as encounter_tally
from drawsteel_kit.systems.draw_steel.book.follower_work import FOLLOWER_IDLE

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.rules import tokens as token_rules

__all__ = ["Sessions"]


class Sessions(DrawSteelArea):
    """Sessions and the hero-token pool, victories, days."""

    # -- sessions and hero tokens -------------------------------------------
    @operation
    def start_session(self) -> Happened:
        """Start the next session: the hero-token pool refills (or carries over)."""
        from drawsteel_kit.systems.draw_steel.rules import tokens as token_rules

        party = self.party
        if party.session_open:
            raise SessionError(
                f"session {party.session} is still open: end it first (`drawsteel-kit session end`)"
            )
        pool = token_rules.tokens_at_session_start(
            len(self.campaign.heroes), party.hero_tokens,
            reset=bool(party.settings.get("hero_tokens_reset", True)),
            first_session=party.session == 0,
        )
        number = party.session + 1
        summary = f"Session {number} started with {pool} hero token{'s' * (pool != 1)}"
        with self.writing() as w:
            ev = w.party_event(
                "session_started", {"session_open": 1, "session": number, "hero_tokens": pool},
                summary=summary, payload={"number": number, "tokens": pool}, session=number,
            )
        return Happened("session_started", summary, (ev,), {"session": number, "tokens": pool})

    @operation
    def end_session(self) -> Happened:
        """End the open session: unused hero tokens vanish unless the campaign keeps them."""
        from drawsteel_kit.systems.draw_steel.rules import tokens as token_rules

        party = self.party
        if not party.session_open:
            raise SessionError("no session is open: start one with `drawsteel-kit session start`")
        end = token_rules.tokens_at_session_end(
            party.hero_tokens, reset=bool(party.settings.get("hero_tokens_reset", True))
        )
        summary = (
            f"Session {party.session} ended; "
            + (f"{plural(end.vanished, 'unused hero token')} vanished" if end.vanished
               else f"{plural(end.kept, 'hero token')} kept")
        )
        logged = encounter_tally(self.ledger.db, party.session, visible_to="party")
        if logged.encounters:  # the party's own record: no Director-only encounter counted
            summary += (f"; {plural(len(logged.encounters), 'encounter')} logged gave "
                        f"{logged.total} victories")
        with self.writing() as w:
            ev = w.party_event(
                "session_ended", {"session_open": 0, "hero_tokens": end.kept}, summary=summary,
                payload={"number": party.session, "kept": end.kept, "vanished": end.vanished},
            )
        return Happened("session_ended", summary, (ev,),
                        {"kept": end.kept, "vanished": end.vanished})

    @operation
    def award_tokens(self, count: int = 1, *, reason: str = "") -> Happened:
        """The Director awards hero tokens to the party pool (heroic risk, a reward)."""
        from drawsteel_kit.systems.draw_steel.rules import tokens as token_rules

        count = check_count(count, "hero tokens awarded")
        reason = check_text(reason, "reason")
        pool = token_rules.award_tokens(self.party.hero_tokens, count)
        summary = f"Party gains {plural(count, 'hero token')}" + (f": {reason}" if reason else "")
        with self.writing() as w:
            ev = w.party_event(
                "tokens_awarded", {"hero_tokens": pool}, summary=summary,
                payload={"count": count, "reason": reason},
            )
        return Happened("tokens_awarded", summary, (ev,), {"pool": pool})

    @operation
    def spend_tokens(self, spend: str, *, hero: str | None = None, reason: str = "",
                     round: int | None = None, test: str | None = None) -> Happened:
        """Spend from the pool: ``surges``, ``save``, ``reroll`` (1 each) or ``stamina`` (2),
        for one turn (``round``: the hero's turn in that round of the encounter under way) or
        one ``test``; a second benefit on the same turn or test is refused (000: 769)."""
        from drawsteel_kit.systems.draw_steel.rules import tokens as token_rules

        reason = check_text(reason, "reason")
        who = self.campaign.hero(hero) if hero else None
        if spend not in token_rules.TOKEN_SPENDS:
            token_rules.spend_tokens(self.party.hero_tokens, spend)  # names the spends
        if spend == "stamina" and who is None:
            raise RulesError("spending tokens on stamina needs the hero who regains it (--hero)")
        occasion = self._occasion(who, round, test)
        token_rules.check_one_benefit(occasion, self._benefits_taken(occasion.session))
        result = token_rules.spend_tokens(
            self.party.hero_tokens, spend, max_stamina=who.max_stamina if who else None
        )
        if spend == "stamina" and who is not None and who.stamina >= who.max_stamina:
            raise RulesError(f"{who.name} is at full Stamina ({who.stamina}/{who.max_stamina}): "
                             "hero tokens spent on Stamina would regain nothing")
        summary = (f"{who.name if who else 'The party'} spends "
                   f"{plural(result.cost, 'hero token')}: {spend}, on {occasion}")
        with self.writing() as w:
            ops: list[Op] = [update_op("party", 1, {"hero_tokens": result.pool_before},
                                       {"hero_tokens": result.pool_after})]
            details: dict[str, Any] = {"pool": result.pool_after}
            if who is not None and result.stamina_regained:
                new = min(who.max_stamina, who.stamina + result.stamina_regained)
                ops.append(
                    update_op("heroes", who.name, {"stamina": who.stamina}, {"stamina": new})
                )
                details["stamina"] = new
                summary += f" (Stamina {who.stamina} → {new})"
            ev = w.event(
                "tokens_spent", ops, summary=summary, actor=who.name if who else None,
                payload={"spend": spend, "cost": result.cost, "reason": reason,
                         "surges": result.surges_gained, "for": occasion.as_dict()},
            )
        return Happened("tokens_spent", summary, (ev,), details)

    def _occasion(self, who: Any, round: int | None, test: str | None) -> token_rules.Occasion:
        """The turn or test a spend is for; a turn is in the encounter under way (the one
        the log will number next)."""
        from drawsteel_kit.systems.draw_steel.rules import tokens as token_rules

        if test is not None:
            test = check_text(test, "test", name=True)
        encounter = None
        if round is not None:
            encounter = int(self.ledger.db.execute(
                "SELECT count(*) FROM events WHERE kind = ?", [ENCOUNTER_LOGGED]
            ).fetchone()[0]) + 1
        return token_rules.Occasion(session=self.party.session, hero=who.name if who else None,
                                    round=round, encounter=encounter, test=test)

    def _benefits_taken(self, session: int) -> dict[tuple[object, ...], str]:
        """The turns and tests of this session that already had a hero-token benefit."""
        from drawsteel_kit.systems.draw_steel.rules import tokens as token_rules

        undone = self.ledger.undone_ids()
        taken: dict[tuple[object, ...], str] = {}
        for ev in self.ledger.events(kind="tokens_spent"):
            said = ev.payload.get("for")
            if ev.id in undone or not isinstance(said, dict) or said.get("session") != session:
                continue
            taken[token_rules.Occasion(**said).key] = str(ev.payload.get("spend"))
        return taken

    # -- victories, respites, days ------------------------------------------
    @operation
    def award_victories(
        self, count: int = 1, heroes: Iterable[str] | None = None, *, reason: str = ""
    ) -> Happened:
        """Give victories to some heroes (None: all of them), with the reason."""
        count = check_count(count, "victories")
        reason = check_text(reason, "reason")
        chosen = self.areas.heroes.resolve_heroes(heroes)
        with self.writing() as w:
            events = tuple(
                w.hero_event(
                    "victories_awarded", h, {"victories": h.victories + count},
                    summary=f"{h.name} gains {count} victor{'ies' if count != 1 else 'y'}"
                    + (f": {reason}" if reason else ""),
                    payload={"count": count, "reason": reason},
                )
                for h in chosen
            )
        names = ", ".join(h.name for h in chosen)
        plural = "victory" if count == 1 else "victories"
        return Happened("victories_awarded", f"{count} {plural} to {names}", events)

    @operation
    def advance_day(
        self, days: int = 1, *, reason: str = "", seed: int | None = None,
        dice: Dice | None = None,
    ) -> Happened:
        """Move the calendar forward, day by day: each day, followers make their rolls."""
        from drawsteel_kit.kit.dice import dice_for

        days = check_count(days, "days", maximum=MAX_DAYS_AT_ONCE)
        reason = check_text(reason, "reason")
        start = self.party.day
        if self.areas.follower_work.workers_today():
            dice, seed = dice_for(seed, dice)
        with self.writing() as w:
            for _ in range(days):
                self.begin_day(w, reason, dice, seed)
        end = start + days
        summary = (f"Day {end} begins" if days == 1 else f"Days {start + 1}-{end} pass") + (
            f" ({reason})" if reason else "")
        idle = [e for e in w.written if e.kind == FOLLOWER_IDLE]
        if idle:  # a daily roll a follower could not make: the day says why (000: 3945, 3957)
            summary += ("; " + "; ".join(e.summary for e in idle) if days == 1 else
                        f"; {plural(len(idle), 'follower roll')} skipped, each with its reason")
        return Happened("day_advanced", summary, tuple(w.written), {"day": end, "seed": seed})

    def begin_day(self, w: Writer, reason: str, dice: Dice | None, seed: int | None,
                   *, respite: bool = False) -> int:
        """The calendar moves one day and followers make their daily rolls on it: a day of
        ``day``, and a respite's day (a respite is 24 hours, 000: 861)."""
        day = self.party.day + 1
        w.day = day
        text = f"Day {day} begins" + (" (a respite)" if respite else "") + (
            f" ({reason})" if reason else "")
        w.party_event("day_advanced", {"day": day}, summary=text,
                      payload={"days": 1, "reason": reason, "respite": respite})
        if self.areas.follower_work.workers_today():
            assert dice is not None
            self.areas.follower_work.follower_day(w, dice, seed)
        return day
