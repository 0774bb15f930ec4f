"""Hero tokens: the party's shared pool of luck (000: 746-773; 001: 18-24).

At the start of each session the party has one token per hero; unused tokens vanish
at the end, unless the Director uses the optional rule "hero tokens don't reset".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.errors import NotEnoughTokens
from drawsteel_kit.systems.draw_steel.rules.respite import recovery_value

__all__ = [
    "BENEFITS_PER_OCCASION",
    "MIN_AWARD",
    "SURGES_PER_SPEND",
    "TOKENS_PER_HERO",
    "TOKEN_SPENDS",
    "Occasion",
    "SessionEndTokens",
    "TokenSpend",
    "TokenSpendResult",
    "award_tokens",
    "check_one_benefit",
    "spend_tokens",
    "tokens_at_session_end",
    "tokens_at_session_start",
]

#: A new session starts with as many tokens as there are heroes (000: 754).
TOKENS_PER_HERO = 1
#: Spending for surges gives two of them (000: 764; 001: 21).
SURGES_PER_SPEND = 2
#: The Director awards tokens one or more at a time (000: 756-758, 1949).
MIN_AWARD = 1
#: One hero-token benefit per turn, or per test (000: 769).
BENEFITS_PER_OCCASION = 1
#: Our own sanity bound (not the book's): an encounter round past this is a typo.
MAX_ROUND = 999


@dataclass(frozen=True)
class TokenSpend:
    """One way to spend hero tokens: its cost and what it does."""

    cost: int
    effect: str


#: The four spends of the book, by name (000: 764-767; 001: 21-24).
TOKEN_SPENDS: MappingProxyType[str, TokenSpend] = MappingProxyType(
    {
        "surges": TokenSpend(1, f"gain {SURGES_PER_SPEND} surges"),
        "save": TokenSpend(1, "turn a failed saving throw into a success"),
        "reroll": TokenSpend(1, "reroll a test; the new roll must be used"),
        "stamina": TokenSpend(
            2,
            "on your turn or when you take damage (no action), "
            "regain Stamina equal to your recovery value",
        ),
    }
)


@dataclass(frozen=True)
class SessionEndTokens:
    """What happens to the pool when a session ends."""

    kept: int
    vanished: int


@dataclass(frozen=True)
class TokenSpendResult:
    """One spend from the pool and what it gave."""

    spend: str
    cost: int
    pool_before: int
    pool_after: int
    surges_gained: int
    stamina_regained: int
    save_succeeded: bool
    reroll: bool


def _check_count(name: str, value: object, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise RulesError(f"{name} must be a whole number of {minimum} or more, got {value!r}")
    return value


def _check_flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be True or False, got {value!r}")
    return value


def tokens_at_session_start(
    hero_count: int, carried: int, *, reset: bool, first_session: bool
) -> int:
    """The pool when a session starts (000: 754, 771-773).

    With tokens resetting (the book's default), the pool is one per hero and ``carried``
    is ignored: those tokens vanished at the end of the last session. Under the optional
    rule "hero tokens don't reset" nothing refreshes, so the pool is what was carried,
    except the campaign's first session, which starts with one per hero like a default
    session; under that rule nothing vanishes, so tokens already awarded before the first
    session (``carried``) are added to it.
    """
    _check_count("hero_count", hero_count, minimum=1)
    _check_count("carried", carried)
    _check_flag("reset", reset)
    _check_flag("first_session", first_session)
    per_hero = hero_count * TOKENS_PER_HERO
    if reset:
        return per_hero
    if first_session:
        return per_hero + carried
    return carried


def tokens_at_session_end(pool: int, *, reset: bool) -> SessionEndTokens:
    """Unused tokens vanish when a session ends, unless tokens don't reset (000: 769, 773)."""
    _check_count("pool", pool)
    _check_flag("reset", reset)
    if reset:
        return SessionEndTokens(kept=0, vanished=pool)
    return SessionEndTokens(kept=pool, vanished=0)


def spend_tokens(pool: int, spend: str, *, max_stamina: int | None = None) -> TokenSpendResult:
    """Spend hero tokens from the pool on one of the book's spends (000: 762-769; 001: 20-24).

    ``spend`` is one of "surges", "save", "reroll" (the new roll must be kept) or
    "stamina", which needs the spending hero's ``max_stamina`` to know their recovery
    value. Only one token benefit per turn or per test (000: 769): :func:`check_one_benefit`.
    Raises :class:`NotEnoughTokens` when the pool cannot pay.
    """
    _check_count("pool", pool)
    try:
        option = TOKEN_SPENDS[spend]
    except (KeyError, TypeError):
        allowed = ", ".join(TOKEN_SPENDS)
        raise RulesError(f"unknown hero-token spend {spend!r}: use one of {allowed}") from None
    stamina = 0
    if spend == "stamina":
        if max_stamina is None:
            raise RulesError(
                "the 'stamina' spend needs max_stamina: the hero regains their recovery "
                "value, a third of max Stamina"
            )
        stamina = recovery_value(max_stamina)
    if pool < option.cost:
        raise NotEnoughTokens(
            f"the {spend!r} spend costs {plural(option.cost, 'hero token')}, but the pool holds "
            f"{pool}: the Director can award more for heroic risks"
        )
    return TokenSpendResult(
        spend=spend,
        cost=option.cost,
        pool_before=pool,
        pool_after=pool - option.cost,
        surges_gained=SURGES_PER_SPEND if spend == "surges" else 0,
        stamina_regained=stamina,
        save_succeeded=spend == "save",
        reroll=spend == "reroll",
    )


@dataclass(frozen=True)
class Occasion:
    """The turn or the test a hero-token spend is for (000: 769).

    A turn is the ``hero``'s turn in ``round`` of the encounter under way (``encounter``: the
    number it will be logged under); a test is named by the table (``test``), with the hero
    who makes it when one is named. ``session`` keeps two sessions' "round 1" apart.
    """

    session: int
    hero: str | None = None
    round: int | None = None
    encounter: int | None = None
    test: str | None = None

    def __post_init__(self) -> None:
        if (self.round is None) == (self.test is None):
            raise RulesError(
                "name the turn or the test this spend is for: an encounter round or a test "
                "(one hero-token benefit per turn or per test)")
        if self.round is not None:
            if (not isinstance(self.round, int) or isinstance(self.round, bool)
                    or not 1 <= self.round <= MAX_ROUND):
                raise RulesError(f"an encounter round is a whole number from 1 to {MAX_ROUND}, "
                                 f"got {self.round!r}")
            if not self.hero:
                raise RulesError(f"a spend on a turn in round {self.round} needs the hero whose "
                                 "turn it is")
        elif not isinstance(self.test, str) or not self.test.strip():
            raise RulesError("name the test the spend is for (\"climb the cliff\")")

    @property
    def key(self) -> tuple[object, ...]:
        """Two spends with the same key are for the same turn or test."""
        if self.round is not None:
            return ("turn", self.session, self.encounter, self.round, self.hero)
        hero = self.hero.casefold() if self.hero else None
        return ("test", self.session, " ".join(str(self.test).split()).casefold(), hero)

    def __str__(self) -> str:
        if self.round is not None:
            return f"{self.hero}'s turn in round {self.round}"
        return (f"{self.hero}'s test {self.test!r}" if self.hero
                else f"the test {self.test!r}")

    def as_dict(self) -> dict[str, object]:
        """The plain form a ledger event keeps."""
        return {"session": self.session, "hero": self.hero, "round": self.round,
                "encounter": self.encounter, "test": self.test}


def check_one_benefit(occasion: Occasion, earlier: Mapping[tuple[object, ...], str]) -> None:
    """Refuse a second hero-token benefit on the same turn or test (000: 769).

    ``earlier`` maps the key of each occasion already spent on to the spend it took.
    """
    taken = earlier.get(occasion.key)
    if taken is not None:
        raise RulesError(
            f"{str(occasion)[0].upper()}{str(occasion)[1:]} already had a hero-token benefit "
            f"({taken}): only {BENEFITS_PER_OCCASION} benefit per turn or per test")


def award_tokens(pool: int, count: int = MIN_AWARD) -> int:
    """The pool after the Director awards ``count`` tokens (000: 756-758, 1949)."""
    _check_count("pool", pool)
    _check_count("count", count, minimum=MIN_AWARD)
    return pool + count
