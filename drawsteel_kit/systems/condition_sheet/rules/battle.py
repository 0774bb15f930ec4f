"""The battle: rounds of round actions, withdrawal, last stand, the reset after (seed 004).

A battle repeats rounds; in each, initiative sets the order and then everyone acts once
(004: 26-35). A round action is an attack, a support or a withdrawal, taken once on one's
own turn; passing is allowed (004: 50-58). Knocked-down characters cannot act for the rest
of the battle (004: 117); withdrawn ones have left it (004: 110).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.limits import did_you_mean
from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError
from drawsteel_kit.systems.condition_sheet.rules.character import PC, Character
from drawsteel_kit.systems.condition_sheet.rules.readings import LAST_STAND_MANA, TableRules
from drawsteel_kit.systems.condition_sheet.rules.sheet import check_int, reset_sheet

if TYPE_CHECKING:
    from drawsteel_kit.systems.condition_sheet.rules.checks import Check

__all__ = [
    "LAST_STAND_MANA",
    "LAST_STAND_PER_ROUND",
    "PHASES",
    "Battle",
    "BattleResult",
    "LastAttack",
    "end_battle",
    "last_stand",
    "new_battle",
    "pass_turn",
    "withdraw",
]

#: setup (before round 1), initiative (rolled, rerolls allowed), acting, ended.
PHASES = ("setup", "initiative", "acting", "ended")
#: Last Stand: once per round (004: 154). Its mana is a reading (readings.LAST_STAND_MANA).
LAST_STAND_PER_ROUND = 1
#: The project's readings, for a battle given no table's choices.
DEFAULT_RULES = TableRules()


@dataclass(frozen=True)
class LastAttack:
    """The latest attack, for the chain combo and the counter that answer it (004: 142-150)."""

    attacker: str
    targets: tuple[str, ...]
    succeeded: bool
    failed_guard: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        return {"attacker": self.attacker, "targets": list(self.targets),
                "succeeded": self.succeeded, "failed_guard": list(self.failed_guard)}


@dataclass(frozen=True)
class Battle:
    """Everyone in the fight, the round, its initiative and order, and who has acted."""

    characters: tuple[Character, ...]
    round: int = 0
    phase: str = "setup"
    initiative: tuple[tuple[str, int], ...] = ()
    order: tuple[str, ...] = ()
    acted: tuple[str, ...] = ()
    last_attack: LastAttack | None = None
    rules: TableRules = DEFAULT_RULES

    def __post_init__(self) -> None:
        if not isinstance(self.rules, TableRules):
            raise ConditionSheetError(f"a battle's rules are TableRules, got {self.rules!r}")
        names = [c.name for c in self.characters]
        if not names or len(set(names)) != len(names):
            raise ConditionSheetError(f"a battle needs characters with unique names, got {names}")
        if self.phase not in PHASES:
            raise ConditionSheetError(f"phase must be one of {', '.join(PHASES)}")
        check_int("the round", self.round, low=0)
        for group in (self.order, self.acted, tuple(n for n, _ in self.initiative)):
            if not set(group) <= set(names) or len(set(group)) != len(group):
                raise ConditionSheetError(f"unknown or repeated names in {group}")

    def get(self, name: str) -> Character:
        """The character called ``name``."""
        for c in self.characters:
            if c.name == name:
                return c
        known = [c.name for c in self.characters]
        raise ConditionSheetError(f"nobody called {name!r} is in this battle; in it: "
                                  f"{', '.join(known)}{did_you_mean(name, known)}")

    def says(self, check: Check) -> str:
        """What the table hears of a check: a player character's in full (dice, ability,
        bonus), a GM character's total alone (its ability and fixed values are the GM's)."""
        return check.text(full=self.get(check.who).side == PC)

    def update(self, name: str, **changes: Any) -> Battle:
        """This battle with fields of one character changed."""
        new = replace(self.get(name), **changes)
        return replace(self, characters=tuple(new if c.name == name else c
                                              for c in self.characters))

    def spend_mana(self, name: str, amount: int, what: str) -> Battle:
        """Pay ``amount`` mana for ``what``; refuse when short (004: 124, 160)."""
        have = self.get(name).mana
        if have < amount:
            raise ConditionSheetError(f"{what} costs {amount} mana; {name} has {have}")
        return self.update(name, mana=have - amount)

    def spend_emotion(self, name: str, toward: str, what: str) -> Battle:
        """Pay with one emotion toward ``toward`` instead of mana (004: 91, 141, 146, 161)."""
        c = self.get(name)
        if c.emotion(toward) < 1:
            raise ConditionSheetError(f"{name} holds no emotion toward {toward} to pay for {what}")
        return replace(self, characters=tuple(
            c.with_emotion(toward, c.emotion(toward) - 1) if c.name == name else c
            for c in self.characters))

    @property
    def current(self) -> str | None:
        """Whose turn it is: the first in order still able to act who has not acted."""
        if self.phase != "acting":
            return None
        for name in self.order:
            if name not in self.acted and self.get(name).can_act:
                return name
        return None

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        out["characters"] = [c.as_dict() for c in self.characters]
        out["initiative"] = [[n, v] for n, v in self.initiative]
        out["order"], out["acted"] = list(self.order), list(self.acted)
        out["last_attack"] = self.last_attack.as_dict() if self.last_attack else None
        out["rules"] = self.rules.as_dict()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Battle:
        """Rebuild from :meth:`as_dict`; a malformed dict raises :class:`ConditionSheetError`.
        A battle saved before the table's readings were kept plays by the defaults."""
        names = {f.name for f in fields(cls)}
        if not isinstance(data, dict) or set(data) not in (names, names - {"rules"}):
            raise ConditionSheetError(f"a battle needs exactly the keys {sorted(names)}")
        try:
            last = data["last_attack"]
            return cls(**{
                **data, "characters": tuple(Character.from_dict(c) for c in data["characters"]),
                "initiative": tuple((n, v) for n, v in data["initiative"]),
                "order": tuple(data["order"]), "acted": tuple(data["acted"]),
                "last_attack": LastAttack(
                    last["attacker"], tuple(last["targets"]), last["succeeded"],
                    tuple(last["failed_guard"])) if last else None,
                "rules": TableRules.from_settings(data.get("rules", {}))})
        except (TypeError, KeyError, AttributeError, ValueError) as exc:
            if isinstance(exc, ConditionSheetError):
                raise
            raise ConditionSheetError(f"not a battle dict: {exc}") from exc


@dataclass(frozen=True)
class BattleResult:
    """A step's outcome: the new battle, log lines and any dice faces rolled."""

    state: Battle
    lines: tuple[str, ...]
    faces: tuple[int, ...] = ()


def new_battle(characters: Iterable[Character], rules: TableRules | None = None) -> Battle:
    """A battle about to start, played by the table's ``rules`` (default: the project's
    readings): roll initiative for round 1 next."""
    return Battle(characters=tuple(characters), rules=rules or DEFAULT_RULES)


def require_turn(battle: Battle, who: str) -> None:
    """Refuse a round action out of turn (004: 58)."""
    if battle.phase != "acting":
        raise ConditionSheetError(f"round actions come after the order is set; phase is "
                                  f"{battle.phase}")
    battle.get(who)
    if battle.current != who:
        now = battle.current or "nobody: the round is over, start the next"
        raise ConditionSheetError(f"it is not {who}'s turn; now acting: {now}")


def pass_turn(battle: Battle, who: str) -> BattleResult:
    """Take no round action this round (004: 58)."""
    require_turn(battle, who)
    new = replace(battle, acted=(*battle.acted, who), last_attack=None)
    return BattleResult(new, (f"{who} passes.",))


def withdraw(battle: Battle, who: str, check: Check, difficulty: int) -> BattleResult:
    """Withdraw: a check with the ability the GM approved against the GM's difficulty.

    Success: out of the fight for good, never to rejoin it. Failure: still in, and the
    withdrawal can be tried again on a later turn (004: 100-112). Success is reading the
    check as reaching the difficulty (total >= difficulty); the seed names no comparison.
    """
    require_turn(battle, who)
    check_int("the difficulty", difficulty)
    if check.who != who or check.kind != "withdraw":
        raise ConditionSheetError(f"withdraw needs {who}'s withdraw check, got {check.who}'s "
                                  f"{check.kind} check")
    new = replace(battle, acted=(*battle.acted, who), last_attack=None)
    if check.total >= difficulty:
        return BattleResult(new.update(who, withdrawn=True), (
            f"{who} withdraws: {battle.says(check)} against {difficulty}, success; {who} has left "
            "the fight and cannot rejoin it.",))
    return BattleResult(new, (f"{who} tries to withdraw: {battle.says(check)} against "
                              f"{difficulty}, failure; it may try again on a later turn.",))


def last_stand(battle: Battle, who: str) -> BattleResult:
    """Last Stand: undo a knock-down, once a round, without healing anything (004: 151-154)."""
    c = battle.get(who)
    if battle.phase != "acting" or c.knocked_down_round != battle.round:
        raise ConditionSheetError(f"Last Stand is declared when {who} is knocked down, in that "
                                  "round")
    if c.last_stand_round == battle.round:
        raise ConditionSheetError(f"{who} already made a Last Stand this round; it is "
                                  f"{LAST_STAND_PER_ROUND} a round")
    cost = battle.rules.last_stand_mana
    new = battle.spend_mana(who, cost, "Last Stand")
    new = new.update(who, knocked_down_round=0, last_stand_round=battle.round)
    return BattleResult(new, (f"{who} makes a Last Stand ({cost} mana): no longer "
                              "knocked down; no damage or curse is removed.",))


def end_battle(battle: Battle) -> BattleResult:
    """The fight is over: every sheet resets (004: 119). Mana and emotions spent stay spent."""
    if battle.phase == "ended":
        raise ConditionSheetError("this battle has already ended")
    lines = [f"The battle ends after {battle.round} round{'s' if battle.round != 1 else ''}."]
    for c in battle.characters:
        if c.knocked_down:
            lines.append(f"{c.name} was knocked down: with proper care after the battle, "
                         f"{c.name} regains consciousness.")
        elif c.withdrawn:
            lines.append(f"{c.name} withdrew from the battle.")
        if not c.sheet.empty:
            lines.append(f"{c.name}'s condition sheet resets: damage, curses and blesses clear.")
    new = replace(battle, phase="ended", order=(), acted=(), initiative=(), last_attack=None,
                  characters=tuple(replace(c, sheet=reset_sheet(c.sheet), knocked_down_round=0,
                                           withdrawn=False, last_stand_round=0)
                                   for c in battle.characters))
    return BattleResult(new, tuple(lines))
