"""Rewards from the command line, against a temp copy of the demo campaign: renown, wealth,
purchases, the inventory, titles, NPCs and negotiation, notes, followers and their cap.

Every effect is checked through the library; every refusal exits 1 with one line and
leaves the ledger as it was. The examples in the commands' help run as written, in order.
"""

from __future__ import annotations

import json
import shlex
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from cli_helpers import run
from click.testing import CliRunner
from conftest import REPO

from drawsteel_kit.cli import main
from drawsteel_kit.systems.draw_steel.campaign import Campaign

QUILLON = "Quillon Ashmark"
PIP = "Pip Thistledown"
SAGE = ["--ancestry", "Human", "--skill", "History", "--skill", "Magic", "--skill", "Religion",
        "--skill", "Timescape", "--language", "Khamish", "--language", "Variac"]
ARTISAN = ["--ancestry", "Dwarf", "--physical", "might", "--skill", "Alchemy",
           "--skill", "Blacksmithing", "--skill", "Carpentry", "--skill", "Cooking",
           "--language", "Khelt", "--language", "Zaliac"]

#: The order the help examples run in, against one demo copy (each may rely on the ones
#: before it: the NPC is added before it is negotiated with, the title granted before it is
#: revoked ...).
EXAMPLE_ORDER = [
    "renown show", "renown award", "renown history",
    "wealth show", "wealth award", "wealth history", "shopping", "buy",
    "inventory add", "inventory list", "inventory use", "inventory give", "inventory remove",
    "titles catalog", "titles grant", "titles list", "titles revoke",
    "npc impressions", "npc add", "npc knows", "npc list", "npc negotiate",
    "notes add", "notes list",
    "followers cap", "followers add", "followers recruit", "followers replace",
    "followers list",
]
#: The followers commands this issue added or extended (the rest are the projects' tests').
FOLLOWER_COMMANDS = {"followers list", "followers add", "followers recruit",
                     "followers replace", "followers cap"}


@pytest.fixture
def demo(tmp_path: Path, initialise: Callable[[Path], None]) -> Path:
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder)  # never a built ledger
    with (folder / "campaign.yaml").open("a", encoding="utf-8") as file:
        file.write("\ncustom:\n  titles: [Lamp Warden]\n")  # the table's own, declared
    initialise(folder)  # what `drawsteel-kit init` builds there
    return folder


def camp(folder: Path) -> Campaign:
    """The campaign read-only, to check what a command did through the library."""
    return Campaign.open(folder, readonly=True)


def ledger_state(folder: Path) -> tuple[dict[str, list[dict[str, Any]]], int]:
    with camp(folder) as c:
        return c.ledger.snapshot(), c.ledger.event_count()


def refuse(folder: Path, *args: object, message: str) -> str:
    """The command is refused: exit 1, one line naming the problem, nothing written."""
    before = ledger_state(folder)
    argv = [str(folder) if a == "{c}" else str(a) for a in args]
    result = CliRunner().invoke(main, argv, prog_name="drawsteel-kit")
    lines = result.output.strip().splitlines()
    assert result.exit_code == 1, result.output
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert message in lines[0], result.output
    assert ledger_state(folder) == before
    return lines[0]


def as_json(*args: object) -> Any:
    return json.loads(run(*args, "--json"))


# -- the help's examples ------------------------------------------------------------------------
def _commands(group: click.Group, prefix: str = "") -> dict[str, click.Command]:
    found: dict[str, click.Command] = {}
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found |= _commands(command, f"{prefix}{name} ")
        else:
            found[f"{prefix}{name}"] = command
    return found


COMMANDS = _commands(main)
#: Where the reward commands live (cli/rewards.py before the layout of issue 16).
REWARD_MODULES = tuple(f"drawsteel_kit.systems.draw_steel.cli.{m}"
                       for m in ("rewards", "inventory", "titles", "npcs"))


def examples(command: click.Command) -> list[list[str]]:
    """The `drawsteel-kit ...` lines of a command's help, continuations joined, as argv."""
    text = (command.help or "").replace("\\\n", " ")
    out = []
    for line in text.splitlines():
        line = line.strip().removeprefix("Example:").strip()
        if line.startswith("drawsteel-kit "):
            out.append(shlex.split(line)[1:])
    return out


def test_every_new_command_has_an_example_in_the_run_order() -> None:
    ours = {name for name, command in COMMANDS.items()
            if command.callback is not None
            and command.callback.__module__ in REWARD_MODULES}
    assert ours | FOLLOWER_COMMANDS == set(EXAMPLE_ORDER)
    for name in EXAMPLE_ORDER:
        found = examples(COMMANDS[name])
        assert found, f"`drawsteel-kit {name} --help` has no example"
        assert all(argv[:len(name.split())] == name.split() for argv in found), name


def test_the_help_examples_run_as_written(demo: Path) -> None:
    for name in EXAMPLE_ORDER:
        for argv in examples(COMMANDS[name]):
            run(*[str(demo) if a == "campaigns/demo" else a for a in argv])
    with camp(demo) as c:
        assert c.hero("Val").renown == 3 and c.hero("Val").wealth == 2
        assert {f.name for f in c.followers(QUILLON)} == {"Oss", "Wren"}
        assert c.npc("Mother Gall").standing == {QUILLON: "fame", PIP: "infamy"}
        assert [n.visibility for n in c.notes()] == ["director"]
        assert [i.item for i in c.inventory()] == ["Healing Potion"]
    assert "State matches history." in run("rebuild", demo, "--check")


# -- renown and wealth --------------------------------------------------------------------------
def test_renown_award_show_and_history(demo: Path) -> None:
    out = run("renown", "award", demo, "Val", "2", "--reason", "Saved the mill")
    assert "Val gains 2 renown (Saved the mill): now 3" in out and "undo with" in out
    with camp(demo) as c:
        assert c.hero("Val").renown == 3
        assert str(c.follower_cap("Val")) in run("renown", "show", demo, "Val")
    run("renown", "award", demo, "val", "-1", "--reason", "The ferry burned",
        "--source", "other", "--director")
    with camp(demo) as c:
        assert c.hero("Val").renown == 2
        last = c.score_history("Val", "renown")[-1]
        assert (last.before, last.after, last.visibility) == (3, 2, "director")
    history = as_json("renown", "history", demo, "Val")
    assert [(r["change"], r["value"], r["reason"]) for r in history[-2:]] == [
        (2, 3, "Saved the mill"), (-1, 2, "The ferry burned")]
    text = run("renown", "history", demo, "Val")
    assert "+2 → 3" in text and "-1 → 2" in text and "[director]" in text
    undo = run("renown", "award", demo, "Val", "5", "--reason", "A rumour").split()[-1]
    run("undo", demo, undo.rstrip(")"), "--reason", "Only a rumour")
    history = as_json("renown", "history", demo, "Val")
    assert [(r["change"], r["undone"]) for r in history[-2:]] == [(5, True), (-5, False)]
    assert "A rumour (undone)" in run("renown", "history", demo, "Val")
    shown = {r["hero"]: r for r in as_json("renown", "show", demo)}
    assert shown[QUILLON]["renown"] == 4 and shown[QUILLON]["follower_cap"] == 3
    assert shown["Yorn"]["text"] == "Yorn: 0 of 1 follower (renown 3)"


def test_wealth_table_award_and_history(demo: Path) -> None:
    table = as_json("wealth", "show", demo, "--hero", "val")
    assert table["hero"] == "Val" and table["wealth"] == 1
    assert [t["affordable"] for t in table["tiers"]] == [True] + [False] * 5
    assert "lamp oil by the barrel" in table["tiers"][0]["items"]  # the campaign's own
    assert "river skiff" in run("wealth", "show", demo)
    run("wealth", "award", demo, "Val", "1", "--reason", "The bandits' strongbox")
    with camp(demo) as c:
        assert c.hero("Val").wealth == 2
    table = as_json("wealth", "show", demo, "--hero", "Val")
    assert [t["affordable"] for t in table["tiers"]] == [True, True] + [False] * 4
    assert "Tier 2  can afford" in run("wealth", "show", demo, "--hero", "Val")
    history = as_json("wealth", "history", demo, "Val")
    assert (history[-1]["change"], history[-1]["value"]) == (1, 2)
    assert "The bandits' strongbox" in run("wealth", "history", demo, "Val")
    run("wealth", "award", demo, "Val", "-2", "--reason", "Paid the healer")
    with camp(demo) as c:
        assert c.hero("Val").wealth == 0


def test_stretch_purchases_when_the_campaign_allows(demo: Path) -> None:
    yaml_file = demo / "campaign.yaml"
    yaml_file.write_text(yaml_file.read_text().replace("stretch_purchases: false",
                                                       "stretch_purchases: true"))
    run("init", demo)
    assert "stretch: then wealth -1" in run("wealth", "show", demo, "--hero", "Val")
    out = run("buy", demo, "Val", "horse and cart")
    assert "one tier above their wealth: wealth 1 → 0" in out
    with camp(demo) as c:
        assert c.hero("Val").wealth == 0


# -- buying and the inventory -------------------------------------------------------------------
def test_buy_within_wealth_lands_in_the_inventory(demo: Path) -> None:
    out = run("buy", demo, "Val", "gear", "--count", "2", "--reason", "For the road")
    assert ("Val buys 2 x common gear (tier 1; 'gear' is the Hero Wealth table's 'common gear'):"
            " For the road") in out  # what was typed is named, not silently replaced
    run("buy", demo, "Val", "lantern hook", "--tier", "1")
    with camp(demo) as c:
        lines = [(i.holder, i.item, i.count, i.tier, i.origin) for i in c.inventory("Val")]
        assert lines == [("Val", "common gear", 2, 1, "bought"),
                         ("Val", "lantern hook", 1, 1, "bought")]
        assert c.hero("Val").wealth == 1  # buying within one's wealth costs no wealth
    assert "common gear" in run("inventory", "list", demo, "--hero", "Val")
    assert "(tier 1): x" in run("buy", demo, "Val", "The Common  Gear", "--reason", "x")


def test_inventory_add_use_give_remove(demo: Path) -> None:
    assert "The inventory is empty." in run("inventory", "list", demo)
    run("inventory", "add", demo, "Healing Potion", "--hero", "Val", "--count", "3")
    run("inventory", "add", demo, "rope", "--origin", "traded", "--notes", "From the ferryman",
        "--director")
    with camp(demo) as c:
        potion, rope = c.inventory()
        assert (potion.holder, potion.kind, potion.count) == ("Val", "consumable", 3)
        assert (rope.holder, rope.origin, rope.visibility) == (None, "traded", "director")
    run("inventory", "use", demo, "healing potion", "--count", "2", "--reason", "The ambush")
    run("inventory", "give", demo, str(potion.id), "--to", "Yorn")
    run("inventory", "give", demo, "rope", "--to", "Pip Thistledown")
    run("inventory", "give", demo, "rope", "--to", "party")
    with camp(demo) as c:
        assert (c.item(potion.id).count, c.item(potion.id).holder) == (1, "Yorn")
        assert c.item(rope.id).holder is None
    run("inventory", "remove", demo, "rope", "--reason", "Sold at Riverside Market")
    with camp(demo) as c:
        assert [i.item for i in c.inventory()] == ["Healing Potion"]
        assert [i.count for i in c.inventory(include_used=True)] == [1, 0]
    text = run("inventory", "list", demo, "--all")
    assert "(none left)" in text and "[director]" in text
    assert [i["item"] for i in as_json("inventory", "list", demo, "--hero", "Yorn")] == [
        "Healing Potion"]


def test_two_lines_of_one_name_need_an_id(demo: Path) -> None:
    run("inventory", "add", demo, "rope")
    run("inventory", "add", demo, "rope", "--hero", "Val")
    refuse(demo, "inventory", "use", "{c}", "rope", message="give the id")
    run("inventory", "use", demo, "2")
    with camp(demo) as c:
        assert [i.count for i in c.inventory(include_used=True)] == [1, 0]


# -- titles -------------------------------------------------------------------------------------
def test_titles_grant_raises_the_cap_and_revoke_ends_it(demo: Path) -> None:
    assert "Yorn: 0 of 1 follower" in run("followers", "cap", demo, "Yorn")
    out = run("titles", "grant", demo, "Yorn", "noble", "--benefit", "followers",
              "--reason", "The duke's gratitude")
    assert "Yorn earns the title Noble (followers +2)" in out
    with camp(demo) as c:
        assert c.follower_cap("Yorn").cap == 3
        assert c.hero("Yorn").titles == ("Local Hero", "Noble")
    assert "Yorn: 0 of 3 followers (renown 3, titles +2)" in run("followers", "cap", demo,
                                                                   "Yorn")
    assert [t["title"] for t in as_json("titles", "list", demo, "--hero", "Yorn")] == [
        "Local Hero", "Noble"]
    assert "Noble [followers]: followers +2" in run("titles", "list", demo)
    run("titles", "revoke", demo, "Yorn", "Noble", "--reason", "Stripped by the duke")
    with camp(demo) as c:
        assert c.follower_cap("Yorn").cap == 1 and c.hero("Yorn").titles == ("Local Hero",)
    assert "Yorn: 0 of 1 follower (renown 3)" in run("followers", "cap", demo, "Yorn")


def test_a_title_of_the_tables_own(demo: Path) -> None:
    run("titles", "grant", demo, "Val", "Lamp Warden", "--renown", "1", "--retainers", "1",
        "--effect", "The Lamplighters' Guild opens its doors", "--director")
    with camp(demo) as c:
        assert c.hero("Val").renown == 2 and c.retainer_limit("Val") == 2
        (held,) = c.titles("Val")
        assert (held.title, held.effect, held.visibility) == (
            "Lamp Warden", "The Lamplighters' Guild opens its doors", "director")
    assert "retainers: 0 of 2" in run("followers", "cap", demo, "Val")


def test_titles_catalog(demo: Path) -> None:
    book = {t["name"]: t for t in as_json("titles", "catalog", demo)}
    assert [b["key"] for b in book["Noble"]["benefits"]] == ["renown-wealth", "followers"]
    text = run("titles", "catalog", demo)
    assert "--benefit followers: +2 followers" in text
    assert "renown counts +2 with criminal NPCs" in text


# -- NPCs, negotiation and notes ----------------------------------------------------------------
def test_negotiation_sways_by_renown_and_impression(demo: Path) -> None:
    run("npc", "add", demo, "Mother Gall", "--level", "3", "--tag", "criminal",
        "--knows", f"{QUILLON}=fame")
    run("npc", "add", demo, "Duke Orlan", "--impression", "8", "--knows", f"{QUILLON}=fame",
        "--notes", "Holds the river charter")
    gall = {i["hero"]: i for i in as_json("npc", "negotiate", demo, "Mother Gall")["heroes"]}
    assert gall[QUILLON]["sways"] and gall[QUILLON]["renown"] == 4
    assert gall[QUILLON]["edge_skills"] == ["Flirt", "Lead", "Persuade"]
    assert not gall["Yorn"]["sways"]  # renown 3 would do, but she does not know him
    duke = {i["hero"]: i for i in as_json("npc", "negotiate", demo, "Duke Orlan")["heroes"]}
    assert not duke[QUILLON]["sways"]
    assert "impression 8 is above renown 4" in duke[QUILLON]["explanation"]
    text = run("npc", "negotiate", demo, "mother gall")
    assert f"{QUILLON} sways: yes  renown 4   edge: Flirt, Lead, Persuade" in text
    assert "does not know Yorn" in text
    with camp(demo) as c:
        assert [i.sways for i in c.negotiation("Mother Gall")] == [
            gall[h]["sways"] for h in c.heroes]


def test_npc_knows_list_and_impressions(demo: Path) -> None:
    run("npc", "add", demo, "Mother Gall", "--level", "3", "--tag", "criminal")
    run("npc", "knows", demo, "Mother Gall", PIP, "infamy")
    with camp(demo) as c:
        assert c.npc("Mother Gall").standing == {PIP: "infamy"}
    pip = next(i for i in as_json("npc", "negotiate", demo, "1")["heroes"] if i["hero"] == PIP)
    assert pip["renown"] == 2 and pip["reasons"] == ["Wanted Dead or Alive +2 with criminal NPCs"]
    run("npc", "knows", demo, "1", PIP, "none")
    with camp(demo) as c:
        assert c.npc(1).standing == {}
    (listed,) = as_json("npc", "list", demo)
    assert (listed["name"], listed["impression"], listed["tags"]) == ("Mother Gall", 3,
                                                                     ["criminal"])
    assert "Mother Gall: impression 3, level 3, tags: criminal" in run("npc", "list", demo)
    table = as_json("npc", "impressions", demo)
    assert [r["impression"] for r in table] == list(range(1, 13))
    assert "duke" in table[7]["examples"]
    assert " 8  duke, spymaster" in run("npc", "impressions", demo)


def test_notes(demo: Path) -> None:
    assert "No notes yet." in run("notes", "list", demo)
    run("notes", "add", demo, "The duke owes us a favour", "--about", "Duke Orlan")
    run("notes", "add", demo, "The bell is cursed", "--director")
    with camp(demo) as c:
        assert [(n.text, n.about, n.visibility) for n in c.notes()] == [
            ("The duke owes us a favour", "Duke Orlan", "party"),
            ("The bell is cursed", "", "director")]
        assert len(c.notes(visible_to="party")) == 1
    text = run("notes", "list", demo)
    assert "Duke Orlan: The duke owes us a favour" in text and "[director]" in text
    assert len(as_json("notes", "list", demo)) == 2


# -- followers ----------------------------------------------------------------------------------
def test_recruit_is_a_respite_within_the_cap(demo: Path) -> None:
    run("victories", demo, "2", "--hero", QUILLON)
    out = run("followers", "recruit", demo, QUILLON, "Oss", "sage", *SAGE,
              "--at", "riverside market")
    assert "Oss (sage) now follows Quillon Ashmark (recruited at Riverside Market)" in out
    assert "Respite completed by Quillon Ashmark" in out
    with camp(demo) as c:
        (oss,) = c.followers(QUILLON)
        assert (oss.role, oss.origin, oss.counts) == ("sage", "recruited at Riverside Market",
                                                      True)
        assert c.hero(QUILLON).victories == 0  # the respite turned them into XP
        assert c.follower_cap(QUILLON).kept == 1
        assert [e.kind for e in c.history(kind="respite", hero=QUILLON)] == ["respite"]


def test_recruit_over_the_cap_changes_nothing(demo: Path) -> None:
    run("followers", "add", demo, "Yorn", "Hesk", "--role", "artisan", *ARTISAN)
    refuse(demo, "followers", "recruit", "{c}", "Yorn", "Oss", "sage", *SAGE,
           message="Yorn keeps 1 follower and renown 3 allows 1")
    refuse(demo, "followers", "recruit", "{c}", "Val", "Oss", "sage", *SAGE,
           message="over the cap")
    refuse(demo, "followers", "recruit", "{c}", QUILLON, "Oss", "sage", *SAGE,
           "--at", "The Moon", message="cannot be recruited at 'The Moon'")


def test_add_retainers_and_followers_beyond_the_cap(demo: Path) -> None:
    run("followers", "add", demo, QUILLON, "Brannoc", "--role", "retainer", "--ancestry",
        "Human", "--characteristic", "might=2", "--characteristic", "Agility=1",
        "--level", "1", "--stat-block", "Human Guard")
    with camp(demo) as c:
        (brannoc,) = c.followers(QUILLON)
        assert (brannoc.might, brannoc.agility, brannoc.level, brannoc.start_level,
                brannoc.stat_block) == (2, 1, 3, 1, "Human Guard")  # Quillon's level
    refuse(demo, "followers", "add", "{c}", QUILLON, "Cael", "--role", "retainer",
           "--ancestry", "Human", message="already has 1 retainer (Brannoc)")
    refuse(demo, "followers", "add", "{c}", "Val", "Hesk", "--role", "artisan", *ARTISAN,
           message="renown 1 allows 0")
    run("followers", "add", demo, "Val", "Hesk", "--role", "artisan", *ARTISAN,
        "--beyond-cap", "A gift of the guild")
    with camp(demo) as c:
        (hesk,) = c.followers("Val")
        assert (hesk.counts, hesk.origin) == (False, "A gift of the guild")
        assert c.follower_cap("Val").kept == 0
    listed = run("followers", "list", demo)
    assert "level 3, Human Guard" in listed and "(beyond the cap: A gift of the guild)" in listed
    assert "Caps:" in listed and "  Quillon Ashmark: 1 of 3 followers" in listed
    data = as_json("followers", "list", demo, "--hero", "Val")
    assert [f["name"] for f in data["followers"]] == ["Hesk"]
    assert [c["hero"] for c in data["caps"]] == ["Val"]


def test_replace_a_follower(demo: Path) -> None:
    run("followers", "add", demo, "Yorn", "Hesk", "--role", "artisan", *ARTISAN)
    out = run("followers", "replace", demo, "Hesk", "Oss", "sage", *SAGE,
              "--reason", "Hesk went home")
    assert "Hesk leaves; Oss (sage) now follows Yorn (replacement)" in out
    with camp(demo) as c:
        assert [(f.name, f.origin) for f in c.followers("Yorn")] == [("Oss", "replacement")]
        assert c.follower_cap("Yorn").kept == 1


def test_followers_cap_json(demo: Path) -> None:
    rows = {r["hero"]: r for r in as_json("followers", "cap", demo)}
    assert (rows[QUILLON]["cap"], rows[QUILLON]["bonus"], rows[QUILLON]["room"]) == (3, 2, 3)
    assert rows["Val"]["cap"] == 0 and rows["Val"]["retainer_limit"] == 1
    assert "Followers can be recruited at: The Lantern House, Riverside Market" in run(
        "followers", "cap", demo)


# -- refusals -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["renown", "award", "{c}", "Val", "2"], "say why Val's renown changes"),
        (["renown", "award", "{c}", "Val", "-5", "--reason", "x"], "cannot go below 0"),
        (["renown", "award", "{c}", "Val", "0", "--reason", "x"], "other than 0"),
        (["renown", "award", "{c}", "Val", "1", "--reason", "x", "--source", "luck"],
         "source must be one of"),
        (["renown", "show", "{c}", "Nobody"], "no hero named 'Nobody'"),
        (["renown", "history", "{c}", "Nobody"], "no hero named 'Nobody'"),
        (["wealth", "award", "{c}", "Val", "-2", "--reason", "x"], "cannot go below 0"),
        (["wealth", "show", "{c}", "--hero", "Nobody"], "no hero named 'Nobody'"),
        (["buy", "{c}", "Val", "manor house"], "manor house (tier 4)"),
        (["buy", "{c}", "Val", "horse"], "it lists horse and cart (tier 2): name that item"),
        (["buy", "{c}", "Val", "horse and cart"], "needs wealth 2 and the hero's wealth is 1"),
        (["buy", "{c}", "Val", "Healing Potion"], "treasures are not bought"),
        (["buy", "{c}", "Val", "a flying carpet"], "give a tier from 1 to 6"),
        (["buy", "{c}", "Val", "manor house", "--tier", "1"], "tier 4 purchase"),
        (["buy", "{c}", "Val", "gear", "--count", "0"], "count must be"),
        (["inventory", "add", "{c}", "rope", "--origin", "stolen"], "origin must be one of"),
        (["inventory", "add", "{c}", "rope", "--hero", "Nobody"], "no hero named 'Nobody'"),
        (["inventory", "use", "{c}", "rope"], "no item 'rope'"),
        (["inventory", "give", "{c}", "7", "--to", "Val"], "no item 7"),
        (["inventory", "remove", "{c}", "rope", "--reason", "x"], "no item 'rope'"),
        (["titles", "grant", "{c}", "Yorn", "Noble"], "choose one benefit"),
        (["titles", "grant", "{c}", "Yorn", "Noble", "--benefit", "castle"], "no benefit"),
        (["titles", "grant", "{c}", "Yorn", "Local Hero", "--benefit", "renown"],
         "already holds the title"),
        (["titles", "grant", "{c}", "Yorn", "Noble", "--renown", "1"], "is a book title"),
        (["titles", "grant", "{c}", "Yorn", "Lamp Warden", "--benefit", "renown"],
         "not a book title"),
        (["titles", "revoke", "{c}", "Yorn", "Local Hero"], "say why the title is lost"),
        (["titles", "revoke", "{c}", "Yorn", "Noble", "--reason", "x"], "holds no title"),
        (["titles", "list", "{c}", "--hero", "Nobody"], "no hero named 'Nobody'"),
        (["npc", "add", "{c}", "Mother Gall"], "give an NPC's impression, or its level"),
        (["npc", "add", "{c}", "Gall", "--level", "3", "--knows", "Val"], "--knows takes"),
        (["npc", "add", "{c}", "Gall", "--level", "3", "--knows", "Val=famous"],
         "one of fame, infamy, known"),
        (["npc", "add", "{c}", "Gall", "--impression", "0"], "impression must be"),
        (["npc", "knows", "{c}", "Gall", "Val", "fame"], "no NPC 'Gall'"),
        (["npc", "negotiate", "{c}", "Gall"], "no NPC 'Gall'"),
        (["notes", "add", "{c}", "  "], "the note is empty"),
        (["followers", "add", "{c}", "Yorn", "Hesk", "--role", "artisan", "--level", "2",
          *ARTISAN], "--level and --stat-block are for a retainer only"),
        (["followers", "add", "{c}", "Yorn", "Hesk", "--role", "retainer",
          "--characteristic", "might"], "--characteristic takes NAME=N"),
        (["followers", "add", "{c}", "Yorn", "Hesk", "--role", "retainer",
          "--characteristic", "charm=2", "--ancestry", "Human"], "unknown characteristic"),
        (["followers", "add", "{c}", "Yorn", "Hesk", "--role", "sage", "--ancestry", "Human"],
         "sage 'Hesk'"),
        (["followers", "replace", "{c}", "Hesk", "Oss", "sage", *SAGE], "no follower 'Hesk'"),
        (["followers", "cap", "{c}", "Nobody"], "no hero named 'Nobody'"),
    ],
)
def test_refusals_are_one_line_and_write_nothing(demo: Path, args: list[str],
                                                 message: str) -> None:
    refuse(demo, *args, message=message)


def test_refusals_after_setup(demo: Path) -> None:
    run("npc", "add", demo, "Mother Gall", "--level", "3", "--knows", f"{QUILLON}=fame")
    refuse(demo, "npc", "add", "{c}", "mother gall", "--level", "2",
           message="already an NPC called 'mother gall'")
    refuse(demo, "npc", "knows", "{c}", "Mother Gall", QUILLON, "fame",
           message="nothing to change")
    run("inventory", "add", demo, "Healing Potion", "--hero", "Val")
    refuse(demo, "inventory", "use", "{c}", "Healing Potion", "--count", "2",
           message="only 1 x Healing Potion left")
    refuse(demo, "inventory", "give", "{c}", "Healing Potion", "--to", "val",
           message="already with Val")
    refuse(demo, "inventory", "remove", "{c}", "Healing Potion",
           message="say why the item leaves the books")


def test_a_negative_amount_is_not_an_option(demo: Path) -> None:
    """AMOUNT may be negative; a mistyped option is still refused, not taken as an amount."""
    run("renown", "award", demo, "Yorn", "-1", "--reason", "Fled the duel")
    with camp(demo) as c:
        assert c.hero("Yorn").renown == 2
    before = ledger_state(demo)
    out = run("renown", "award", demo, "Yorn", "1", "--reasn", "x", ok=False)
    assert "--reasn" in out
    assert ledger_state(demo) == before
