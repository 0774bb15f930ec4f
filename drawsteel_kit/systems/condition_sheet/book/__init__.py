"""Condition-sheet battles as campaign operations (``campaign.condition_sheet``, seed 004).

A battle is one sheet, ``battle:<n>`` (kind ``battle``), whose data holds the pure rules'
``Battle.as_dict()`` under ``battle``, the checks rolled and not yet used under ``checks``,
and each round's mana and damage under ``rounds`` (for the page's chart). Every step is one
operation writing one event with the sheet before and after, the dice faces and the seed;
ending a battle also writes back each character's lasting state (mana and emotions spent,
when the table's ``spent_resources_stay`` says so; preparation effects used, always) to its
``character:`` or ``foe:`` sheet, one event each, sharing the operation.

**Dice at the table.** Each step that rolls takes ``typed`` (the faces rolled at the table,
in order: ``[4, 3]`` or ``"4,3"``), ``dice`` (a Dice object) or ``seed`` (generated; the
seed is recorded). A turn's checks may be rolled in one operation or one at a time:

* ``roll_check(b, "Ava", "cast", typed=[4, 3])`` then ``roll_check(b, "Imp", "guard",
  typed=[2, 5])`` records each check (an event each: the player types their own dice);
  ``reroll_check`` spends mana and keeps the better roll (004: 160). ``attack(b, "Ava",
  ["Imp"], "damage")`` then uses the checks waiting and rolls nothing.
* Or ``attack(b, "Ava", ["Imp"], "damage", typed=[4, 3, 2, 5])``: every check not already
  rolled is rolled inside the attack, in this order: the attacker's cast, each target's
  guard (in the order named), each coverer's guard. A fixed value rolls no dice.

Typed faces must be used up exactly: too few or too many and nothing is written. Checks
still waiting are dropped when a round action resolves or a round starts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.base import Happened, check_text, operation
from drawsteel_kit.kit.book.sheets import (
    RUNNING,
    SheetState,
    SystemBook,
    insert_sheet_op,
    update_sheet_op,
)
from drawsteel_kit.kit.dice import Dice, ScriptedDice, dice_for
from drawsteel_kit.kit.ledger import PARTY
from drawsteel_kit.kit.limits import did_you_mean, same_name
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.condition_sheet import rules
from drawsteel_kit.systems.condition_sheet.book.between import BetweenBattles
from drawsteel_kit.systems.condition_sheet.book.turn import (
    BattleInfo,
    Turn,
    covers_for,
    fighter,
    names,
    parse_effect,
    parse_faces,
    rounds_after,
)
from drawsteel_kit.systems.condition_sheet.rules import (
    Battle,
    Check,
    ConditionSheetError,
    EffectChoice,
)

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign

__all__ = ["BATTLE", "BattleInfo", "ConditionSheetBook", "parse_effect", "parse_faces"]

BATTLE, ENDED = "battle", "ended"


Step = Callable[[Turn], None]


class ConditionSheetBook(SystemBook):
    """Condition-sheet battles: rounds, initiative and its ties, attacks, supports,
    withdrawals, the special actions, knock-downs and the reset afterwards."""

    SYSTEM = "condition-sheet"
    MEMBER_KIND = "character"
    #: The campaign this book plays on: the kit's whole campaign (its members too).
    campaign: BaseCampaign

    def __init__(self, campaign: BaseCampaign) -> None:
        super().__init__(campaign)
        self.between = BetweenBattles(self)

    # -- reading -------------------------------------------------------------------------
    def battles(self) -> list[BattleInfo]:
        """Every battle, oldest first."""
        return [self._info(s) for s in self.sheets(BATTLE)]

    def current(self) -> BattleInfo | None:
        """The newest running battle, or None."""
        running = self.sheets(BATTLE, status=RUNNING)
        return self._info(running[-1]) if running else None

    def battle(self, ref: int | str | None = None) -> BattleInfo:
        """One battle by number or name (None: the newest running one)."""
        return self._info(self._find(ref))

    def status_lines(self) -> list[str]:
        lines = [f"{s.name}: mana {s.data['mana']}" + (
            f", emotions {', '.join(f'{t} {n}' for t, n in s.data['emotions'].items())}"
            if s.data["emotions"] else "") for s in self.sheets(self.MEMBER_KIND)]
        for info in self.battles():
            b = info.state
            if info.status == ENDED:
                lines.append(f"Battle {info.number} ({info.name}): ended after "
                             f"{plural(b.round, 'round')}")
                continue
            who = ", ".join(f"{c.name} {c.sheet.damage}/{c.sheet.slots}"
                            + (" down" if c.knocked_down else "") for c in b.characters)
            lines.append(f"Battle {info.number} ({info.name}): round {b.round}, {b.phase}"
                         + (f", {b.current} to act" if b.current else "") + f"; {who}")
        return lines

    def _info(self, sheet: SheetState) -> BattleInfo:
        d = sheet.data
        return BattleInfo(int(sheet.key.split(":")[1]), sheet.name, sheet.status,
                          Battle.from_dict(d["battle"]),
                          tuple(Check.from_dict(c) for c in d["checks"]), tuple(d["rounds"]))

    def _find(self, ref: int | str | None) -> SheetState:
        return self.numbered_sheet(BATTLE, ref, noun="battle",
                                   starter="`drawsteel-kit sheet battle new`",
                                   error=ConditionSheetError)

    def _fighter_sheet(self, name: object, kind: str) -> SheetState:
        text = check_text(name, f"a {kind}'s name")  # type: ignore[arg-type]  # check_text refuses what is not text
        for s in self.sheets(kind):
            if same_name(s.name, text):
                return s
        have = ", ".join(s.name for s in self.sheets(kind)) or "none"
        raise ConditionSheetError(f"no {kind} named {text!r} in campaign.yaml ({kind}s: {have})"
                                  f"{did_you_mean(text, [s.name for s in self.sheets(kind)])}")

    # -- the write path ------------------------------------------------------------------
    @operation
    def _step(self, ref: int | str | None, kind: str, step: Step, *, seed: int | None = None,
              dice: Dice | None = None, typed: Sequence[int] | str | None = None) -> Happened:
        sheet = self._find(ref)
        if sheet.status != RUNNING:
            raise ConditionSheetError(f"battle {sheet.name!r} has ended; start a new battle")
        if sum(x is not None for x in (seed, dice, typed)) > 1:
            raise ConditionSheetError("give typed dice, a Dice or a seed: one of them")
        script = ScriptedDice(parse_faces(typed)) if typed is not None else None
        rolling, used = dice_for(seed, script or dice)
        info = self._info(sheet)
        turn = Turn(info.state, rolling, {(c.who, c.kind): c for c in info.checks})
        step(turn)
        if script is not None and script.remaining:
            raise ConditionSheetError(f"{plural(script.remaining, 'typed die face')} left over: "
                                      f"this step rolled {len(turn.faces)} (nothing was written)")
        data = {"battle": turn.battle.as_dict(), "checks": [c.as_dict() for c in
                                                             turn.checks.values()],
                "rounds": rounds_after(list(info.rounds), turn.battle)}
        ending = turn.battle.phase == "ended"
        summary = f"{sheet.name}: " + " ".join(turn.lines)
        with self._writing() as w:
            w.event(kind, [update_sheet_op(sheet, data=data, status=ENDED if ending else None)],
                    summary=summary, actor=turn.actor,
                    payload={"battle": int(sheet.key.split(":")[1]), "lines": turn.lines},
                    seed=used if turn.faces and script is None else None,
                    dice=turn.faces or None)
            if ending:
                self._write_back(w, turn.battle)
        return Happened(kind, summary, tuple(w.written),
                        {"battle": int(sheet.key.split(":")[1]), "lines": list(turn.lines),
                         "faces": list(turn.faces)})

    def _write_back(self, w: Any, battle: Battle) -> None:
        """Lasting state to the character and foe sheets (preparations used always)."""
        keep = bool(self.campaign.settings.get("spent_resources_stay", True))
        for c in battle.characters:
            kind = "character" if c.side == rules.PC else "foe"
            try:
                sheet = self._fighter_sheet(c.name, kind)
            except ConditionSheetError:
                continue  # a foe made for this battle only
            after = {**sheet.data, "preparations": list(c.preparations)}
            if keep:
                after.update(mana=c.mana, emotions=dict(c.emotions))
            if after != sheet.data:
                w.event("cs_resources_kept", [update_sheet_op(sheet, data=after)],
                        summary=f"After the battle {c.name} has {after['mana']} mana",
                        actor=c.name if kind == "character" else None,
                        visibility=sheet.visibility)

    # -- battles -------------------------------------------------------------------------
    @operation
    def new_battle(self, name: str, characters: Sequence[str] | str | None = None, *,
                   foes: Sequence[str | Mapping[str, Any]] | str = ()) -> Happened:
        """Start a battle with players' characters (default: all) and foes: names from
        campaign.yaml, or a foe for this battle only as ``{name, cast, guard, slots, ...}``."""
        title = check_text(name, "the battle's name", name=True)
        if not title:
            raise ConditionSheetError("name the battle")
        chosen = names(characters) if characters is not None else list(self.campaign.members)
        fighters = [fighter(self._fighter_sheet(n, "character").data) for n in chosen]
        for foe in ([foes] if isinstance(foes, str | Mapping) else list(foes)):
            if isinstance(foe, Mapping):
                fighters.append(rules.new_character(side=rules.GM, **dict(foe)))
            else:
                fighters.extend(fighter(self._fighter_sheet(n, "foe").data)
                                for n in names(foe, "the foe"))
        busy = {c.name: i.name for i in self.battles() if i.status == RUNNING
                for c in i.state.characters}
        for c in fighters:
            if c.name in busy:
                raise ConditionSheetError(f"{c.name} is already in the running battle "
                                          f"{busy[c.name]!r}: end it first")
        state = rules.new_battle(fighters, rules.TableRules.from_settings(
            self.campaign.settings))
        if not any(c.side == rules.PC for c in fighters):
            raise ConditionSheetError("a battle needs at least one player's character")
        number = 1 + max((int(s.key.split(":")[1]) for s in self.sheets(BATTLE)), default=0)
        data = {"battle": state.as_dict(), "checks": [], "rounds": []}
        summary = (f"Battle {number} begins: {title} "
                   f"({', '.join(c.name for c in fighters)})")
        with self._writing() as w:
            w.event("cs_battle_started", [insert_sheet_op(
                f"{BATTLE}:{number}", self.SYSTEM, BATTLE, title, data, day=w.day,
                status=RUNNING, visibility=PARTY)], summary=summary,
                payload={"battle": number})
        return Happened("cs_battle_started", summary, tuple(w.written), {"battle": number})

    def start_round(self, battle: int | str | None = None, *,
                    preparations: Mapping[str, str] | None = None, **roll: Any) -> Happened:
        """Everyone's initiative check: 2d6, the GM's fixed values (004: 39-43)."""
        def step(t: Turn) -> None:
            t.checks.clear()
            preps = {t.who(k): v for k, v in (preparations or {}).items()}
            t.take(rules.start_round(t.battle, t.dice, preparations=preps))
        return self._step(battle, "cs_round_started", step, **roll)

    def reroll_initiative(self, battle: int | str | None, who: str, *, keep: str = "better",
                          **roll: Any) -> Happened:
        """Spend mana to roll initiative again (004: 47); ``keep``: the better (default), the
        new or the old result (004: 160)."""
        return self._step(battle, "cs_initiative_reroll", lambda t: t.take(
            rules.reroll_initiative(t.battle, t.dice, t.who(who), keep=keep)), **roll)

    def settle_order(self, battle: int | str | None = None, *,
                     tie_order: Sequence[str] | str = (), **roll: Any) -> Happened:
        """The round's order; tied players' characters need ``tie_order`` (004: 45)."""
        def step(t: Turn) -> None:
            order = [t.who(n) for n in names(tie_order)]
            t.take(rules.settle_order(t.battle, t.dice, tie_order=order))
        return self._step(battle, "cs_order_settled", step, **roll)

    def roll_check(self, battle: int | str | None, who: str, kind: str, *,
                   value: int | None = None, preparation: str | None = None,
                   **roll: Any) -> Happened:
        """Roll one check (cast, guard or withdraw) and keep it for the action that uses it."""
        def step(t: Turn) -> None:
            name = t.who(who)
            if kind == "initiative":
                raise ConditionSheetError("initiative is rolled for everyone when the round "
                                          "starts; reroll it with mana")
            if (name, kind) in t.checks:
                raise ConditionSheetError(f"{name}'s {kind} check is already rolled: "
                                          f"{t.checks[(name, kind)].text()}; reroll it with "
                                          "mana, or use it")
            t.checks[(name, kind)] = t.check(name, kind, value=value, preparation=preparation)
        return self._step(battle, "cs_check", step, **roll)

    def reroll_check(self, battle: int | str | None, who: str, kind: str, *,
                     keep: str = "better", **roll: Any) -> Happened:
        """Spend mana to roll a waiting check again; ``keep``: the better roll (default), the
        new one (declining the better) or the old one (004: 160)."""
        def step(t: Turn) -> None:
            name = t.who(who)
            if (name, kind) not in t.checks:
                raise ConditionSheetError(f"{name} has no {kind} check waiting to reroll")
            rolled = rules.reroll_check(t.battle, t.dice, t.checks[(name, kind)], keep=keep)
            t.take(rolled)
            t.checks[(name, kind)] = rolled.check
        return self._step(battle, "cs_check_reroll", step, **roll)

    # -- round actions -------------------------------------------------------------------
    def attack(self, battle: int | str | None, attacker: str, targets: Sequence[str] | str,
               effect: str | EffectChoice, *, boost: str | EffectChoice | None = None,
               covers: Mapping[str, str] | None = None, cover_with_emotion: Sequence[str] = (),
               preparation: str | None = None, **roll: Any) -> Happened:
        """``attacker`` attacks (more than one target: Expand) with one effect on each hit
        (004: 60-83, 131); ``boost`` a second effect; ``covers`` maps a target whose guard
        failed to the ally taking the hit (004: 137-141)."""
        def step(t: Turn) -> None:
            me = t.who(attacker)
            aimed = [t.who(n) for n in names(targets, "a target")]
            cast = t.check(me, "cast", preparation=preparation)
            guards = {n: t.check(n, "guard") for n in aimed}
            t.acted(rules.attack(t.battle, me, cast, guards, parse_effect(effect),
                                 boost=parse_effect(boost), covers=covers_for(t, covers,
                                                                           cover_with_emotion)),
                    me)
        return self._step(battle, "cs_attack", step, **roll)

    def chain_combo(self, battle: int | str | None, who: str, ally: str,
                    effect: str | EffectChoice, *, targets: Sequence[str] | str | None = None,
                    boost: str | EffectChoice | None = None, pay_with_emotion: bool = False,
                    preparation: str | None = None, bonus: bool = True,
                    **roll: Any) -> Happened:
        """Right after an ally's successful attack, attack the same target(s), using your
        turn; the cast may take +1 (``bonus=False`` declines it) (004: 142-146). Mana, or
        an emotion toward the ally."""
        def step(t: Turn) -> None:
            me, friend = t.who(who), t.who(ally)
            last = t.battle.last_attack
            aimed = ([t.who(n) for n in names(targets, "a target")] if targets is not None else
                     [n for n in (last.targets if last else ()) if t.battle.get(n).can_act])
            cast = t.check(me, "cast", preparation=preparation)
            guards = {n: t.check(n, "guard") for n in aimed}
            t.acted(rules.chain_combo(t.battle, me, friend, cast, guards, parse_effect(effect),
                                      boost=parse_effect(boost),
                                      pay_with_emotion=pay_with_emotion, take_bonus=bonus), me)
        return self._step(battle, "cs_chain_combo", step, **roll)

    def counter(self, battle: int | str | None, who: str, effect: str | EffectChoice, *,
                boost: str | EffectChoice | None = None, preparation: str | None = None,
                bonus: bool = True, **roll: Any) -> Happened:
        """Having failed to guard an enemy's attack, hit back at once, using your turn; the
        cast may take +1 (``bonus=False`` declines it) (004: 147-150). Mana."""
        def step(t: Turn) -> None:
            me, last = t.who(who), t.battle.last_attack
            if last is None:
                raise ConditionSheetError("Counter answers an attack just made")
            cast = t.check(me, "cast", preparation=preparation)
            guard = t.check(last.attacker, "guard")
            t.acted(rules.counter(t.battle, me, cast, guard, parse_effect(effect),
                                  boost=parse_effect(boost), take_bonus=bonus), me)
        return self._step(battle, "cs_counter", step, **roll)

    def support(self, battle: int | str | None, who: str, targets: Sequence[str] | str,
                effect: str | EffectChoice, *, boost: str | EffectChoice | None = None,
                emotion_for: str | None = None) -> Happened:
        """Heal, lift a curse or bless: always works, 1 mana (or an emotion toward the
        target), more targets with Expand (004: 85-98, 133)."""
        def step(t: Turn) -> None:
            me = t.who(who)
            t.acted(rules.support(t.battle, me, [t.who(n) for n in names(targets, "a target")],
                                  parse_effect(effect), boost=parse_effect(boost),
                                  emotion_for=t.who(emotion_for) if emotion_for else None), me)
        return self._step(battle, "cs_support", step)

    def withdraw(self, battle: int | str | None, who: str, *, value: int,
                 difficulty: int | None = None, preparation: str | None = None,
                 **roll: Any) -> Happened:
        """A withdraw check with the ability the GM approved (``value``) against the GM's
        difficulty (default: the table's setting): success leaves the battle (004: 100-112)."""
        level = difficulty if difficulty is not None else int(
            self.campaign.settings.get("withdraw_difficulty", rules.WITHDRAW_DIFFICULTY))

        def step(t: Turn) -> None:
            me = t.who(who)
            check = t.check(me, "withdraw", value=value, preparation=preparation)
            t.acted(rules.withdraw(t.battle, me, check, level), me)
        return self._step(battle, "cs_withdraw", step, **roll)

    def pass_turn(self, battle: int | str | None = None, who: str | None = None) -> Happened:
        """Take no round action this round (default: whoever is to act) (004: 58)."""
        def step(t: Turn) -> None:
            me = t.who(who) if who else t.battle.current
            if me is None:
                raise ConditionSheetError("nobody is to act now: start the next round")
            t.acted(rules.pass_turn(t.battle, me), me)
        return self._step(battle, "cs_pass", step)

    def last_stand(self, battle: int | str | None, who: str) -> Happened:
        """Undo a knock-down this round (1 mana, once a round), healing nothing (004: 151)."""
        def step(t: Turn) -> None:
            me = t.who(who)
            t.take(rules.last_stand(t.battle, me))
            t.actor = me if t.battle.get(me).side == rules.PC else None
        return self._step(battle, "cs_last_stand", step)

    def end_battle(self, battle: int | str | None = None) -> Happened:
        """The battle is over: every sheet resets (004: 119); lasting state written back."""
        def step(t: Turn) -> None:
            t.checks.clear()
            t.take(rules.end_battle(t.battle))
        return self._step(battle, "cs_battle_ended", step)

    # -- between battles (book/between.py) -------------------------------------
    def set_mana(self, name: str, mana: int, *, reason: str = "") -> Happened:
        """Set a character's mana between battles (rest, a ritual, the GM's award)."""
        return self.between.set_mana(name, mana, reason=reason)

    def grant_emotion(self, name: str, toward: str, count: int = 1, *,
                      reason: str = "") -> Happened:
        """``name`` gains ``count`` emotions toward ``toward`` between battles; each can pay
        for one support, cover or chain combo with that character instead of mana."""
        return self.between.grant_emotion(name, toward, count, reason=reason)

    def grant_preparation(self, name: str, effect: str, *, reason: str = "") -> Happened:
        """``name`` gains a preparation effect between battles: one more die on one check,
        used once."""
        return self.between.grant_preparation(name, effect, reason=reason)
