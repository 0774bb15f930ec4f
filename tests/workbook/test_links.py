"""Per-player links: the keys file, `drawsteel-kit links`, and the page's own check.

Real campaign folders and ledgers, the real CLI (CliRunner); the page's check runs the
notebook's own calls (workbook.player_page) with the query string Voila would pass.
"""

from __future__ import annotations

import stat
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from cli_helpers import run
from conftest import HEROES, campaign_data, write_campaign

from drawsteel_kit import workbook
from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import CampaignFileError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.workbook.links import (
    LINKS_FILE,
    check_key,
    ensure_links,
    hero_and_key,
    hero_query,
    load_links,
    rotate,
)

NAMES = [h["name"] for h in HEROES]


def printed_keys(output: str) -> dict[str, str]:
    """Hero -> key, from the links `drawsteel-kit links` prints."""
    keys = {}
    for line in output.splitlines():
        if "?hero=" in line:
            query = parse_qs(urlsplit(line.split(": ", 1)[1]).query)
            keys[query["hero"][0]] = query["key"][0]
    return keys


def test_keys_are_made_once_private_and_distinct(campaign: Campaign) -> None:
    folder = campaign.folder
    keys = ensure_links(folder, NAMES)
    assert set(keys) == set(NAMES) and len(set(keys.values())) == len(NAMES)
    assert all(len(k) >= 20 for k in keys.values())
    assert stat.S_IMODE((folder / LINKS_FILE).stat().st_mode) == 0o600
    assert ensure_links(folder, NAMES) == keys == load_links(folder)
    assert not [p for p in folder.iterdir() if p.name.startswith(".player-links-")]


def test_a_hero_added_later_gets_a_key_and_nobody_else_changes(campaign: Campaign) -> None:
    folder = campaign.folder
    first = ensure_links(folder, NAMES)
    later = ensure_links(folder, [*NAMES, "Nyx"])
    assert {h: later[h] for h in NAMES} == first and later["Nyx"] not in first.values()


def test_rotating_changes_that_key_only(campaign: Campaign) -> None:
    folder = campaign.folder
    before = ensure_links(folder, NAMES)
    after = rotate(folder, NAMES, ["Val"])
    assert after["Val"] != before["Val"]
    assert {h: after[h] for h in NAMES if h != "Val"} == \
        {h: before[h] for h in NAMES if h != "Val"}
    assert not check_key(folder, "Val", before["Val"]) and check_key(folder, "Val", after["Val"])


def test_check_key_needs_the_heros_own_key(campaign: Campaign) -> None:
    folder = campaign.folder
    assert not check_key(folder, "Val", "anything")  # no file yet: no page
    keys = ensure_links(folder, NAMES)
    assert check_key(folder, "Val", keys["Val"])
    for hero, key in (("Val", keys["Bran"]), ("Val", ""), ("Val", None), ("Val", "x"),
                      ("Nobody", keys["Val"]), ("Val", keys["Val"] + "x"),
                      ("Val", keys["Val"][:-1]), ("Val", "é" * 24)):
        assert not check_key(folder, hero, key), (hero, key)


def test_a_broken_links_file_opens_no_page(campaign: Campaign) -> None:
    folder = campaign.folder
    (folder / LINKS_FILE).write_text("heroes: [unclosed\n")
    assert not check_key(folder, "Val", "x")
    with pytest.raises(CampaignFileError, match="not a links file"):
        load_links(folder)
    out = run("links", folder, ok=False)
    assert "not a links file" in out and len(out.strip().splitlines()) == 1


def test_the_query_string_is_read_as_the_server_reads_it() -> None:
    assert hero_and_key("hero=Val&key=abc") == ("Val", "abc")
    assert hero_and_key("hero=Val&hero=Bran&key=a&key=b") == ("Val", "a")
    assert hero_and_key("hero=%20&key=") == (None, None)
    assert hero_and_key(hero_query("Pip Thistledown", "k/+=")) == ("Pip Thistledown", "k/+=")


# -- the command --------------------------------------------------------------------------
def test_links_prints_one_link_per_player_and_the_party(campaign: Campaign) -> None:
    out = run("links", campaign.folder, "--port", 9000)
    assert "The party's page: http://127.0.0.1:9000/voila/render/dashboard.ipynb\n" in out
    assert printed_keys(out) == load_links(campaign.folder)
    assert set(printed_keys(out)) == set(NAMES)
    assert printed_keys(run("links", campaign.folder)) == printed_keys(out)  # kept


def test_links_rotate_one_and_all(campaign: Campaign) -> None:
    first = printed_keys(run("links", campaign.folder))
    one = printed_keys(run("links", campaign.folder, "--rotate", "Val"))
    assert one["Val"] != first["Val"] and one["Bran"] == first["Bran"]
    every = printed_keys(run("links", campaign.folder, "--rotate-all"))
    assert all(every[h] != one[h] for h in NAMES)
    out = run("links", campaign.folder, "--rotate", "Nobody", ok=False)
    assert "no hero named 'Nobody'" in out and len(out.strip().splitlines()) == 1
    assert load_links(campaign.folder) == every


def test_links_follow_heroes_added_to_the_campaign(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "camp", campaign_data(heroes=HEROES[:2]))
    BaseCampaign.init(folder)[0].close()
    first = printed_keys(run("links", folder))
    assert set(first) == set(NAMES[:2])
    write_campaign(folder, campaign_data(heroes=HEROES))
    BaseCampaign.init(folder)[0].close()
    later = printed_keys(run("links", folder))
    assert set(later) == set(NAMES) and {h: later[h] for h in first} == first


# -- the page's own check (defence in depth) ------------------------------------------------
def heading(page: object) -> str:
    blocks = getattr(page, "blocks", page)
    return " ".join(getattr(b, "html", "") for b in blocks)


def test_the_page_itself_refuses_a_hero_without_their_key(campaign: Campaign,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    keys = ensure_links(campaign.folder, NAMES)
    for query in ("hero=Val", f"hero=Val&key={keys['Bran']}", "hero=Val&key="):
        monkeypatch.setenv("QUERY_STRING", query)
        page = workbook.player_page(campaign)
        assert isinstance(page, list), query
        assert "needs its player&#39;s link" in heading(page), heading(page)
        assert "Val" not in heading(page)
        assert workbook.player_controls(campaign, page) is None
    monkeypatch.setenv("QUERY_STRING", hero_query("Val", keys["Val"]))
    page = workbook.player_page(campaign)
    assert getattr(page, "hero", None) == "Val"
    monkeypatch.setenv("QUERY_STRING", "")
    assert getattr(workbook.player_page(campaign), "hero", "?") is None  # the party page


def test_a_served_page_links_only_to_pages_the_visitor_can_open(
        campaign: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    """The party page names every hero but links to none (each page needs its player's own
    link); a hero's page links to the party and to itself with its own key, not to others."""
    keys = ensure_links(campaign.folder, NAMES)
    monkeypatch.setenv("QUERY_STRING", "")
    party = workbook.player_page(campaign)
    html = "".join(str(b.html) for b in party.blocks if hasattr(b, "html"))
    assert "Bran" in html and "?hero=" not in html and "key=" not in html
    monkeypatch.setenv("QUERY_STRING", hero_query("Val", keys["Val"]))
    page = workbook.player_page(campaign)
    html = "".join(str(b.html) for b in page.blocks if hasattr(b, "html"))
    assert 'href="?"' in html  # back to the party page
    assert keys["Bran"] not in html and keys["Yorn"] not in html and "hero=Bran" not in html
    linker = workbook.served_linker("Val", hero_query("Val", keys["Val"]))
    assert linker("Val") == "?" + hero_query("Val", keys["Val"]) and linker("Bran") == ""
