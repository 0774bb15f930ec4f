"""The places of a served dashboard (``serve_places``): each page's share holds, whatever the
others hold; a refusal says which page is full and when to try again."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from traitlets import TraitError

from drawsteel_kit.workbook.serve_places import (
    BUSY,
    PARTY_PAGE,
    busy_message,
    guarantee,
    hero_page,
    last_activity,
    page_name,
    page_of_query,
    refusal,
    retry_in,
)

HEROES = ["Val", "Yorn", "Bran", "Pip", "Quillon"]
VAL, YORN = hero_page("Val"), hero_page("Yorn")


def refuse(page: str, live: list[str], cap: int = 18, per_page: int = 3) -> str | None:
    return refusal(page, live, HEROES, max_kernels=cap, per_page=per_page)


def test_the_default_cap_keeps_three_places_for_each_page() -> None:
    assert guarantee(18, 3, 5) == 3
    party_flood = [PARTY_PAGE] * 3
    assert refuse(PARTY_PAGE, party_flood) == "page"  # 40 party fetches take 3 places
    val_previews = [VAL] * 3
    assert refuse(VAL, party_flood + val_previews) == "page"  # Val's own three in use
    for hero in HEROES[1:]:  # every other player still has their three
        assert refuse(hero_page(hero), party_flood + val_previews) is None
    everyone = party_flood + [hero_page(h) for h in HEROES for _ in range(3)]
    assert len(everyone) == 18 and refuse(PARTY_PAGE, everyone) == "page"


def test_a_hero_cannot_take_another_heros_places_nor_the_party_its_own() -> None:
    assert refuse(VAL, [YORN] * 3 + [PARTY_PAGE] * 3) is None
    # A small cap keeps one place a page: the party may have two, Val's player still one.
    assert guarantee(7, 3, 5) == 1
    assert refuse(PARTY_PAGE, [PARTY_PAGE] * 2, cap=7) == "page"
    assert refuse(VAL, [PARTY_PAGE] * 2, cap=7) is None
    assert refuse(VAL, [PARTY_PAGE] * 2 + [VAL], cap=7) == "page"


def test_a_cap_too_small_to_keep_places_is_first_come() -> None:
    assert guarantee(1, 3, 5) == 0
    assert refuse(VAL, [], cap=1) is None
    assert refuse(VAL, [PARTY_PAGE], cap=1) == "all"


@pytest.mark.parametrize(("seconds", "words"), [(0, "a minute"), (59, "a minute"),
                                                (61, "2 minutes"), (290, "5 minutes")])
def test_when_to_try_again(seconds: float, words: str) -> None:
    assert retry_in(seconds) == words


def test_the_refusal_says_which_page_is_full() -> None:
    party = busy_message(PARTY_PAGE, "page", open_now=3, free_in=20)
    assert party == ("Busy: the party page is open as many times as this server allows; "
                     "try again in a minute")
    hero = busy_message(VAL, "page", open_now=3, free_in=280)
    assert hero == ("Busy: this hero's page is already open 3 times; close one of them, or "
                    "try again in 5 minutes")
    assert "Val" not in hero  # a reason phrase holds no name (any script, any length)
    assert busy_message(VAL, "all", open_now=0, free_in=0) == BUSY


def test_a_page_is_named_by_its_hero_never_its_key() -> None:
    assert page_of_query("hero=Val&key=secret") == VAL
    assert page_name(VAL) == "Val's page" and page_name(PARTY_PAGE) == "the party page"


def test_a_kernel_still_starting_has_no_last_activity_yet() -> None:
    """A refusal during a flood read a starting kernel's ``last_activity``, which is not set
    yet and raises a TraitError (``hasattr`` does not catch it): the visitor got a 500."""
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    starting = ServerKernelManager()
    with pytest.raises(TraitError):
        hasattr(starting, "last_activity")
    assert last_activity(starting) is None and last_activity(None) is None
    starting.last_activity = now = datetime.now(UTC)
    assert last_activity(starting) == now
