"""Markup typed into every text field the ledger holds never runs on a player page.

For each of the four systems a small campaign is built whose every text field (names, players,
titles, notes, reasons, opponents, objectives, items, NPCs, followers, encounters, battles,
effects ...) holds a payload: an ``<img onerror>`` breaking out of an attribute, a
``<script>``, an ``<svg onload>`` with a template ``{{7*7}}`` and an entity, a ``javascript:``
address. ``drawsteel-kit publish`` writes the pages; headless Chromium opens each from disk
and checks that nothing ran (the title is the page's own, no image, no handler attribute, no
``javascript:`` link, no script of ours holding a payload) and that each field's text shows
exactly as typed, in tables and in the charts alike. The Draw Steel party page is also served
by `drawsteel-kit serve` (Voila) and checked the same way.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from conftest import checkpoint, write_campaign
from workbook_helpers import chromium, free_port, needs_chromium

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.ui.pages import tab_title
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll
from workbook.test_serve import RENDER_TIMEOUT, Server, wait_for_charts

#: What a payload would set the page's title to, had it run.
PWNED = "PWN"
#: Markup a player or Director might type (each under the 60 characters a name may hold once
#: a short label is put before it).
PAYLOADS = (
    "\"><img src=x onerror=document.title='PWN'>",
    "<script>document.title='PWN'</script>",
    "'><svg onload=document.title='PWN'>{{7*7}}&amp;",
    "javascript:document.title='PWN'",
)


class Typed:
    """Each field's text: ``~`` and its label (``~HeroA``, found nowhere else on a page), then a
    payload, the payloads taken in turn."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}

    def __call__(self, label: str) -> str:
        if label not in self.texts:
            self.texts[label] = f"~{label}{PAYLOADS[len(self.texts) % len(PAYLOADS)]}"
        return self.texts[label]


# -- the four campaigns --------------------------------------------------------------------
def draw_steel(folder: Path, t: Typed) -> list[str]:
    heroes = [{"name": t("HeroA"), "player": t("PlayerA"), "ancestry": "Human",
               "class": "Fury", "career": "Soldier", "level": 1, "max_stamina": 20,
               "max_recoveries": 8},
              {"name": t("HeroB"), "player": t("PlayerB"), "ancestry": "Dwarf",
               "class": "Censor", "level": 1, "max_stamina": 20, "max_recoveries": 8}]
    write_campaign(folder, {
        "name": t("Party"), "system": "draw-steel",
        "settings": {"project_events": "off", "recruit_at": [t("Place")],
                     "project_starts": "any_time"},
        "stronghold": {"name": t("Stronghold"), "location": t("Where"), "notes": t("HomeNote")},
        "custom": {"titles": [t("Title")]},  # a title of the table's own, named with a payload
        "heroes": heroes})
    a, b = t("HeroA"), t("HeroB")
    with BaseCampaign.init(folder)[0] as camp:
        camp.start_session()
        camp.award_victories(1, reason=t("Victory"))
        camp.log_encounter(t("Encounter"), opponents=[t("Opponent")], objective=t("Objective"),
                           objective_met=True, notes=t("EncNote"))
        camp.award_tokens(1, reason=t("Token"))
        camp.start_project(a, "Discover Lore", title=t("Project"), params={"kind": "lost"})
        camp.take_respite(activities={a: ProjectRoll(t("Project"))}, reason=t("Respite"),
                          seed=5)
        camp.adjust_hero(b, renown=4, reason=t("Adjust"))
        camp.add_follower(b, t("Follower"), "artisan", ancestry="Orc", physical="might",
                          skills=["Alchemy", "Blacksmithing", "Carpentry", "Cooking"],
                          languages=["Variac", "Zaliac"])
        camp.add_item(t("Item"), holder=a, notes=t("ItemNote"))
        camp.add_npc(t("Npc"), level=2, tags=[t("NpcTag")], notes=t("NpcNote"))
        camp.add_note(t("Note"))
        camp.grant_title(a, t("Title"), reason=t("TitleWhy"))
    return ["Party", "Stronghold", "HeroA", "HeroB", "PlayerA", "PlayerB", "Victory",
            "Encounter", "Opponent", "Objective", "Token", "Project", "Adjust", "Follower",
            "Item", "Title", "Note"]


def dungeon_world(folder: Path, t: Typed) -> list[str]:
    stats = {"str": 16, "dex": 12, "con": 15, "int": 8, "wis": 13, "cha": 9}
    write_campaign(folder, {
        "name": t("Party"), "system": "dungeon-world",
        "characters": [
            {"name": t("CharA"), "player": t("PlayerA"), "playbook": t("Playbook"),
             "stats": stats, "max_hp": 20, "bonds": [{"target": t("BondWho"),
                                                      "text": t("BondText")}],
             "moves": [t("Move")], "gear": [t("Gear")]},
            {"name": t("CharB"), "player": t("PlayerB"), "stats": stats, "max_hp": 18}]})
    with BaseCampaign.init(folder)[0] as camp:
        dw = camp.dungeon_world
        camp.start_session()
        dw.roll("hack_and_slash", t("CharA"), seed=11)
        dw.adjust(t("CharB"), hp=9, gear=[t("Loot")], reason=t("Wounds"))
        camp.add_note(t("Note"))
        camp.end_session()
    return ["Party", "CharA", "CharB", "PlayerA", "PlayerB", "Playbook", "BondWho", "BondText",
            "Move", "Gear", "Loot", "Wounds", "Note"]


def pf2e(folder: Path, t: Typed) -> list[str]:
    pcs = [{"name": t("PcA"), "player": t("PlayerA"), "ancestry": t("Ancestry"),
            "class": t("Class"), "level": 1, "perception": 7, "max_hp": 20},
           {"name": t("PcB"), "player": t("PlayerB"), "ancestry": "Elf", "class": "Rogue",
            "level": 1, "perception": 6, "max_hp": 18}]
    write_campaign(folder, {"name": t("Party"), "system": "pf2e", "characters": pcs})
    with BaseCampaign.init(folder)[0] as camp:
        pf = camp.pf2e
        for number, name in ((1, t("Fight")), (2, t("Running"))):
            pf.new_encounter(name)
            for pc in camp.members:
                pf.add_pc(number, pc)
            pf.add_creature(number, t("Creature"), 4, shown_as=t("ShownAs"))
            pf.roll_initiative(number, seed=2, tie_order=[t("PcA"), t("PcB")])
            pf.start_turn(number)
            pf.use_actions(number, 1, t("Action"))
            pf.add_effect(number, t("PcA"), t("Effect"), 2)
            if number == 1:
                pf.end_encounter(1)
        pf.adjust_hp(t("PcA"), 12, reason=t("Hurt"))
        camp.add_note(t("Note"))
    return ["Party", "PcA", "PcB", "PlayerA", "PlayerB", "Ancestry", "Class", "Fight",
            "Running", "ShownAs", "Effect", "Hurt", "Note"]


def condition_sheet(folder: Path, t: Typed) -> list[str]:
    write_campaign(folder, {
        "name": t("Party"), "system": "condition-sheet",
        "characters": [
            {"name": t("SorcA"), "player": t("PlayerA"), "cast": 2, "guard": 1, "mana": 5,
             "curses": {t("Curse"): 1}, "blesses": {t("Bless"): 1},
             "preparations": [t("Prep")]},
            {"name": t("SorcB"), "player": t("PlayerB"), "cast": 1, "guard": 2, "mana": 4,
             "emotions": {t("SorcA"): 1}}],
        "foes": [{"name": t("Foe"), "cast": 1, "guard": 1, "mana": 2}]})
    with BaseCampaign.init(folder)[0] as camp:
        cs = camp.condition_sheet
        cs.set_mana(t("SorcB"), 3, reason=t("Rest"))
        cs.new_battle(t("Battle"), [t("SorcA"), t("SorcB")], foes=[t("Foe")])
        cs.start_round(seed=4)
        cs.settle_order(tie_order=[t("SorcA"), t("SorcB")], seed=4)
        camp.add_note(t("Note"))
    return ["Party", "SorcA", "SorcB", "PlayerA", "PlayerB", "Curse", "Bless", "Prep", "Foe",
            "Battle", "Rest", "Note"]


SYSTEMS: dict[str, Callable[[Path, Typed], list[str]]] = {
    "draw-steel": draw_steel, "dungeon-world": dungeon_world, "pf2e": pf2e,
    "condition-sheet": condition_sheet}


# -- what a browser sees -------------------------------------------------------------------
#: Run in the page: its title, images, handler attributes, javascript: links, scripts that
#: hold a payload, and its text (HTML and the charts' SVG text).
PROBE = """
const bad = [];
for (const el of document.querySelectorAll('*')) {
  for (const a of el.attributes) {
    if (a.name.toLowerCase().startsWith('on')) bad.push(el.tagName + ' ' + a.name);
    if (/^\\s*javascript:/i.test(a.value)) bad.push(el.tagName + ' ' + a.name + '=' + a.value);
  }
}
const scripts = Array.from(document.querySelectorAll('script'))
  .filter(s => s.type !== 'application/json' && s.text.includes("title='PWN'")
          && !s.text.includes('Plotly.newPlot')).length;
return {title: document.title, bad: bad, scripts: scripts,
        // a payload's image has src=x (Voila's widgets hold a few empty images of their own)
        images: Array.from(document.images).map(i => i.getAttribute('src'))
                  .filter(src => src !== null),
        text: document.body.innerText,
        svg: Array.from(document.querySelectorAll('svg text')).map(t => t.textContent)
               .join('\\n')};
"""


def look(driver: Any, *, wait_for: str) -> dict[str, Any]:
    """The page's probe once it has drawn ``wait_for`` and every payload had time to fire."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, RENDER_TIMEOUT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, wait_for))
    wait_for_charts(driver)  # a served page draws its charts one at a time
    time.sleep(0.5)  # an onerror or onload fires as soon as its element exists
    result: dict[str, Any] = driver.execute_script(PROBE)
    return result


def assert_ran_nothing(seen: dict[str, Any], title: str, where: str) -> None:
    assert seen["title"] == title and seen["title"] != PWNED, where
    assert seen["images"] == [], where
    assert seen["bad"] == [], where
    assert seen["scripts"] == 0, where


def assert_as_typed(text: str, t: Typed, where: str) -> None:
    """Wherever a field's label shows, its payload follows it exactly as typed. (Some event
    summaries quote a name the way Python does, ``'a\\'b"c'``, when it holds both quotes: that
    is how the sentence was written into the ledger, not markup.)"""
    text = text.replace("\xa0", " ")  # a dropdown's options keep their spaces as no-break ones
    for label, typed in t.texts.items():
        quoted = repr(typed)[1:-1]
        for found in re.finditer(re.escape(f"~{label}") + r"(?![A-Za-z0-9])", text):
            assert text.startswith((typed, quoted), found.start()), (
                f"{where}: {label} shows as {text[found.start():found.start() + 70]!r}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:
        driver.set_page_load_timeout(RENDER_TIMEOUT)
        yield driver


@needs_chromium
@pytest.mark.parametrize("system", list(SYSTEMS))
def test_published_pages_show_markup_as_typed_and_run_none(
        system: str, tmp_path: Path, browser: Any) -> None:
    t = Typed()
    shown = SYSTEMS[system](tmp_path / "camp", t)
    out = run("publish", tmp_path / "camp", "--out", tmp_path / "site")
    assert "Wrote" in out
    pages = sorted((tmp_path / "site").glob("*.html"))
    assert len(pages) == 3  # the party and two characters
    everything = ""
    with BaseCampaign.open(tmp_path / "camp", readonly=True) as camp:
        titles = {tab_title(camp.party.name), *(tab_title(camp.party.name, m)
                                                for m in camp.members)}
    for page in pages:
        browser.get(page.as_uri())
        seen = look(browser, wait_for=".js-plotly-plot .main-svg")
        assert seen["title"] in titles, page.name
        assert_ran_nothing(seen, seen["title"], page.name)
        for text in (seen["text"], seen["svg"]):
            assert_as_typed(text, t, page.name)
            everything += text + "\n"
    missing = [label for label in shown if t(label) not in everything]
    assert missing == [], f"{system}: not shown on any page: {missing}"


@needs_chromium
def test_the_served_party_page_shows_markup_as_typed_and_runs_none(
        tmp_path: Path, browser: Any) -> None:
    t = Typed()
    folder = tmp_path / "camp"
    draw_steel(folder, t)
    checkpoint(folder / LEDGER_FILE)
    server = Server(folder, free_port())
    try:
        browser.get(server.url())
        seen = look(browser, wait_for=".dsk-page h1")
        assert_ran_nothing(seen, browser.title, "the served party page")
        with BaseCampaign.open(folder, readonly=True) as camp:  # the tab: the name as typed
            assert seen["title"] == tab_title(camp.party.name)
        assert_as_typed(seen["text"], t, "the served party page")
        for label in ("Party", "HeroA", "HeroB", "Encounter", "Opponent", "Objective"):
            assert t(label) in seen["text"], label
        # the encounter tally of issue 15: "HeroA... 1, HeroB... 1"
        assert f"({t('HeroA')} 1, {t('HeroB')} 1)" in seen["text"]
        browser.get(server.hero(t("HeroA")))  # a hero's page, through its player's link
        seen = look(browser, wait_for=".dsk-page h1")
        assert_ran_nothing(seen, browser.title, "a served hero page")
        assert_as_typed(seen["text"], t, "a served hero page")
        for label in ("HeroA", "PlayerA", "Project", "Item", "Title", "Encounter"):
            assert t(label) in seen["text"].replace("\xa0", " "), label
    finally:
        server.stop()


def _html_widgets(widget: Any) -> Iterator[Any]:
    import ipywidgets as W

    if isinstance(widget, W.HTML | W.HTMLMath):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from _html_widgets(child)


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_panel_shows_markup_as_text(system: str, tmp_path: Path) -> None:
    """The Director's panels: every HTML widget's value is built by the one templating path
    (Markup), so the same payloads show as text there too."""
    from markupsafe import Markup, escape

    from drawsteel_kit.workbook import open_workbook

    t = Typed()
    SYSTEMS[system](tmp_path / "camp", t)
    book = open_workbook(tmp_path / "camp")
    try:
        for panel in book.panels:
            panel.say("\n".join(t.texts.values()), ok=False)  # an error naming what was typed
            values = [w.value for w in _html_widgets(panel.widget)]
            assert values, panel.title
            for value in values:
                assert value == "" or isinstance(value, Markup), (panel.title, value[:80])
                for payload in PAYLOADS[:3]:
                    assert payload not in value, (panel.title, value[:200])
            for typed in t.texts.values():  # shown, escaped once: the browser shows it as typed
                assert escape(typed) in panel.message.value, (panel.title, typed)
    finally:
        book.campaign.close()


def test_the_templating_helpers_escape_what_is_not_markup() -> None:
    from drawsteel_kit.kit.ui.html import Html, Markup, document, join, link, plot_text, table

    bad = PAYLOADS[0]
    assert str(Html(bad)) == "&#34;&gt;&lt;img src=x onerror=document.title=&#39;PWN&#39;&gt;"
    assert str(link(bad, "?hero=a")) == f'<a href="?hero=a">{Html(bad)}</a>'
    for address in ("javascript:alert(1)", " JavaScript:x", "data:text/html,<b>", "vbscript:x"):
        assert 'href="#"' in link("x", address), address
    assert 'href="hero-val.html"' in link("Val", "hero-val.html")
    assert "<img" not in table([bad], [[bad, None, Markup("<b>ok</b>")]])
    assert "<td></td><td><b>ok</b></td>" in table(["h"], [[1, None, Markup("<b>ok</b>")]])
    assert "<img" not in table(["h"], [], empty=bad)
    assert join(" · ", [bad, Markup("<b>x</b>")]).endswith(" · <b>x</b>")
    page = document(bad, [Html(Markup("<p>hi</p>"))], javascript="var a = 1 < 2;")
    assert "<title>&#34;&gt;&lt;img" in page and "var a = 1 < 2;" in page
    assert plot_text("a<b>&c'd") == "a&lt;b&gt;&amp;c'd"
    shared = document("t", [], scripts=["plotly.min.js"])
    assert "<script" not in shared[:shared.index("</head>")]  # the text first, the script after
    assert shared.endswith('<script src="plotly.min.js" defer></script></body></html>\n')
