"""The campaign facade: the one door for every change to a Draw Steel campaign.

Each method validates its input, computes with ``rules/``, then writes its events and their
projection changes in one ``BEGIN IMMEDIATE`` transaction, and returns what happened.
Widgets, notebooks and the CLI call these methods; none of them writes SQL.

:class:`Campaign` is the kit's host (:class:`~drawsteel_kit.kit.book.campaign.BaseCampaign`:
the folder, the ledger, the party, the one write path, the calendar, notes and sheets,
opening, history, undo, backup, export) holding Draw Steel's areas as objects
(:class:`Areas`, ``campaign.areas``: heroes, sessions, respites, projects, followers ...,
one module each in ``drawsteel_kit.systems.draw_steel.book``). Its methods below are the
public API, each one line handing the call to the area that does it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.campaign import NOT_UNDOABLE, BaseCampaign
from drawsteel_kit.kit.folder import find_campaign_dir
from drawsteel_kit.kit.ledger import PARTY
from drawsteel_kit.systems.draw_steel.book.adventures import ADVENTURE_EVENTS, Adventures
from drawsteel_kit.systems.draw_steel.book.base import Happened, Writer
from drawsteel_kit.systems.draw_steel.book.encounters import Encounters
from drawsteel_kit.systems.draw_steel.book.follower_work import FollowerWork
from drawsteel_kit.systems.draw_steel.book.followers import Followers
from drawsteel_kit.systems.draw_steel.book.forecasting import Forecasts
from drawsteel_kit.systems.draw_steel.book.heroes import Heroes
from drawsteel_kit.systems.draw_steel.book.inventory import Inventory
from drawsteel_kit.systems.draw_steel.book.npcs import Npcs
from drawsteel_kit.systems.draw_steel.book.party_day import PartyDay
from drawsteel_kit.systems.draw_steel.book.projects import FACTION_MEMBER_ROLLS, Projects
from drawsteel_kit.systems.draw_steel.book.respite_activities import RespiteActivities
from drawsteel_kit.systems.draw_steel.book.respites import Respites
from drawsteel_kit.systems.draw_steel.book.rewards import Rewards
from drawsteel_kit.systems.draw_steel.book.sessions import Sessions
from drawsteel_kit.systems.draw_steel.book.shopping import Shopping
from drawsteel_kit.systems.draw_steel.book.sources import Sources
from drawsteel_kit.systems.draw_steel.book.titles import Titles
from drawsteel_kit.systems.draw_steel.rules.encounters import COMBAT

if TYPE_CHECKING:
    from drawsteel_kit.kit.dice import Dice
    from drawsteel_kit.kit.ledger import Event, Ledger
    from drawsteel_kit.systems.draw_steel.activities import (
        Activity,
        Buy,
        NewFollower,
        ProjectRef,
        StartProject,
    )
    from drawsteel_kit.systems.draw_steel.book.adventures import Adventure
    from drawsteel_kit.systems.draw_steel.book.encounters import Encounter, SessionVictories
    from drawsteel_kit.systems.draw_steel.book.followers import FollowerCap
    from drawsteel_kit.systems.draw_steel.book.rewards import TierView
    from drawsteel_kit.systems.draw_steel.book.shopping import Trip
    from drawsteel_kit.systems.draw_steel.records import (
        ItemState,
        NpcState,
        TimelinePoint,
        TitleState,
    )
    from drawsteel_kit.systems.draw_steel.rules import renown as renown_rules
    from drawsteel_kit.systems.draw_steel.rules.encounters import Opponent
    from drawsteel_kit.systems.draw_steel.state import FollowerState, HeroState, ProjectState

__all__ = ["NOT_UNDOABLE", "Areas", "Campaign", "Happened", "Writer", "find_campaign_dir"]


class Areas:
    """Draw Steel's areas of a campaign, each an object holding the campaign (its host).

    An area reaches another through here (``self.areas.projects`` inside an area); none
    inherits another. A new area is a class on
    :class:`~drawsteel_kit.systems.draw_steel.book.base.DrawSteelArea`, one line here, and
    the delegations of its public methods on :class:`Campaign`."""

    def __init__(self, campaign: Campaign) -> None:
        self.heroes = Heroes(campaign)
        self.sessions = Sessions(campaign)
        self.adventures = Adventures(campaign)
        self.encounters = Encounters(campaign)
        self.days = PartyDay(campaign)
        self.respites = Respites(campaign)
        self.activities = RespiteActivities(campaign)
        self.projects = Projects(campaign)
        self.forecasts = Forecasts(campaign)
        self.sources = Sources(campaign)
        self.follower_work = FollowerWork(campaign)
        self.followers = Followers(campaign)
        self.rewards = Rewards(campaign)
        self.inventory = Inventory(campaign)
        self.titles = Titles(campaign)
        self.shopping = Shopping(campaign)
        self.npcs = Npcs(campaign)


class Campaign(BaseCampaign):
    """One campaign: its folder, its ledger, and every operation on them (the kit's host,
    holding Draw Steel's areas: ``campaign.areas``)."""

    #: An adventure's start or end changes no row (victories are set by their own events),
    #: yet undoing it is meaningful: the adventure did not start or end. So is a respite that
    #: restored nothing: the hero did not rest (and a day it joined can be undone after it).
    undoable_without_changes = frozenset({*ADVENTURE_EVENTS, "respite"})
    writer_class = Writer

    def __init__(self, folder: Path, ledger: Ledger) -> None:
        super().__init__(folder, ledger)
        self.areas = Areas(self)

    @property
    def members(self) -> list[str]:
        """The names with a player page and a history of their own: the heroes, by name."""
        return [r["name"] for r in self.ledger.db.query("SELECT name FROM heroes "
                                                      "ORDER BY name COLLATE NOCASE")]

    @property
    def roster(self) -> list[str]:
        """The heroes in the order they joined: the order of their colours on every chart,
        table, report and page."""
        return [r["name"] for r in self.ledger.db.query("SELECT name FROM heroes ORDER BY rowid")]

    def member(self, name: str) -> str:
        """A hero's name as the ledger spells it (case-insensitive); UnknownHero lists them."""
        return self.hero(name).name

    def status(self) -> dict[str, Any]:
        """The party and every hero, JSON-ready (``drawsteel-kit status --json``)."""
        core = super().status()
        return {
            **{k: core[k] for k in ("campaign", "system", "party")},
            "heroes": [h.as_dict() for h in self.heroes.values()],
            "followers": [f.as_dict() for f in self.followers()],
            "follower_caps": {h: {"cap": c.cap, "kept": c.kept, "bonus": c.bonus, "over": c.over}
                              for h in self.heroes for c in [self.follower_cap(h)]},
            "titles": [t.as_dict() for t in self.titles()],
            "inventory": [i.as_dict() for i in self.inventory()],
            "sheets": core["sheets"],
            "events": core["events"],
        }

    def _check_undo(self, target: Event, members: list[Event]) -> None:
        """Draw Steel keeps a day whole while other heroes' respites joined it."""
        self.areas.days.check_undo(target, members)

    # -- heroes ------------------------------------------------------------------
    @property
    def heroes(self) -> dict[str, HeroState]:
        """Every hero, by name."""
        return self.areas.heroes.heroes

    def hero(self, name: str) -> HeroState:
        """One hero (case-insensitive); UnknownHero says which heroes there are."""
        return self.areas.heroes.hero(name)

    def adjust_hero(
        self, name: str, *, reason: str, visibility: str = PARTY, **changes: Any
    ) -> Happened:
        """Change a hero by hand (the Director's fix-up), always with a reason."""
        return self.areas.heroes.adjust_hero(name, reason=reason, visibility=visibility, **changes)

    # -- sessions ----------------------------------------------------------------
    def start_session(self) -> Happened:
        """Start the next session: the hero-token pool refills (or carries over)."""
        return self.areas.sessions.start_session()

    def end_session(self) -> Happened:
        """End the open session: unused hero tokens vanish unless the campaign keeps them."""
        return self.areas.sessions.end_session()

    def award_tokens(self, count: int = 1, *, reason: str = "") -> Happened:
        """The Director awards hero tokens to the party pool (heroic risk, a reward)."""
        return self.areas.sessions.award_tokens(count, reason=reason)

    def spend_tokens(self, spend: str, *, hero: str | None = None, reason: str = "",
                     round: int | None = None, test: str | None = None) -> Happened:
        """Spend from the pool: ``surges``, ``save``, ``reroll`` (1 each) or ``stamina`` (2),
        for one turn (``round``: the hero's turn in that round of the encounter under way) or
        one ``test``; a second benefit on the same turn or test is refused (000: 769)."""
        return self.areas.sessions.spend_tokens(
            spend, hero=hero, reason=reason, round=round, test=test)

    def award_victories(
        self, count: int = 1, heroes: Iterable[str] | None = None, *, reason: str = ""
    ) -> Happened:
        """Give victories to some heroes (None: all of them), with the reason."""
        return self.areas.sessions.award_victories(count, heroes, reason=reason)

    def advance_day(
        self, days: int = 1, *, reason: str = "", seed: int | None = None,
        dice: Dice | None = None,
    ) -> Happened:
        """Move the calendar forward, day by day: each day, followers make their rolls."""
        return self.areas.sessions.advance_day(days, reason=reason, seed=seed, dice=dice)

    # -- adventures --------------------------------------------------------------
    def adventures(self, *, visible_to: str | None = None) -> list[Adventure]:
        """Every adventure, oldest first (``visible_to``: as that viewer's history has it)."""
        return self.areas.adventures.adventures(visible_to=visible_to)

    def adventure(self) -> Adventure | None:
        """The adventure under way, if any."""
        return self.areas.adventures.adventure()

    def start_adventure(self, name: str, *, reason: str = "") -> Happened:
        """Start an adventure: every hero's victories are set to 0 (000: 817)."""
        return self.areas.adventures.start_adventure(name, reason=reason)

    def end_adventure(self, *, reason: str = "") -> Happened:
        """End the adventure under way (victories become XP at the next respite, as always)."""
        return self.areas.adventures.end_adventure(reason=reason)

    # -- encounters --------------------------------------------------------------
    def log_encounter(
        self, title: str, heroes: Iterable[str] | str | None = None, *,
        opponents: Iterable[str | Opponent] | str = (), objective: str = "",
        objective_met: bool, kind: str = COMBAT, fell: Iterable[str] | str = (),
        victories: int | None = None, notes: str = "", visibility: str = PARTY,
    ) -> Happened:
        """Log an encounter: who took part (None: every hero), the other side ("4 goblins"),
        the objective and whether it was met, who fell; each hero who survived it gains the
        book's victories (000:821, 825) or the Director's ``victories`` instead."""
        return self.areas.encounters.log_encounter(
            title, heroes, opponents=opponents, objective=objective, objective_met=objective_met,
            kind=kind, fell=fell, victories=victories, notes=notes, visibility=visibility)

    def encounters(self, session: int | None = None, *,
                   visible_to: str | None = None) -> list[Encounter]:
        """The encounter log, oldest first (one session's when given)."""
        return self.areas.encounters.encounters(session, visible_to=visible_to)

    def encounter(self, number: int, *, visible_to: str | None = None) -> Encounter:
        """One logged encounter by its number; UnknownSheet lists the numbers there are."""
        return self.areas.encounters.encounter(number, visible_to=visible_to)

    def session_victories(self, session: int | None = None, *,
                          visible_to: str | None = None) -> SessionVictories:
        """A session's victories (default: the current or last one) from its encounters."""
        return self.areas.encounters.session_victories(session, visible_to=visible_to)

    # -- days --------------------------------------------------------------------
    def day_respite(self) -> Event | None:
        """The event that began today as the party's respite (None: today did not begin
        with a respite, or that respite was undone)."""
        return self.areas.days.day_respite()

    def rested_today(self) -> list[str]:
        """The heroes who completed a respite today (not undone), in the order they rested."""
        return self.areas.days.rested_today()

    # -- respites ----------------------------------------------------------------
    def take_respite(
        self,
        heroes: Iterable[str] | None = None,
        *,
        activities: Mapping[str, Activity | str] | None = None,
        starts: Sequence[StartProject] = (),
        purchases: Sequence[Buy] = (),
        interrupted: bool = False,
        reason: str = "",
        seed: int | None = None,
        dice: Dice | None = None,
        join: bool = True,
    ) -> Happened:
        """A respite for some heroes (None: all): each may do at most one activity."""
        return self.areas.respites.take_respite(
            heroes, activities=activities, starts=starts, purchases=purchases,
            interrupted=interrupted, reason=reason, seed=seed, dice=dice, join=join)

    def start_in_respite(self, start: StartProject, *, reason: str = "") -> Happened:
        """Start a project in its hero's respite of today (000: 3746): the one the hero took
        (the project just starts), else the hero rests now, joining the party's respite of
        today where there is one (else that respite begins a new day)."""
        return self.areas.respites.start_in_respite(start, reason=reason)

    # -- projects ----------------------------------------------------------------
    def projects(self, hero: str | None = None, status: str | None = None) -> list[ProjectState]:
        """Projects, oldest first (one hero's, or of a status: active, complete)."""
        return self.areas.projects.projects(hero, status)

    def project(self, ref: ProjectRef) -> ProjectState:
        """A project by id, or by title (active ones first; case-insensitive)."""
        return self.areas.projects.project(ref)

    def spend_project_points(
        self, hero: str, project: ProjectRef, points: int, *, reason: str = "",
        seed: int | None = None, dice: Dice | None = None,
    ) -> Happened:
        """Spend career project points into a project: no respite activity needed."""
        return self.areas.projects.spend_project_points(
            hero, project, points, reason=reason, seed=seed, dice=dice)

    def traveling_work(
        self, hero: str, project: ProjectRef, *, seed: int | None = None,
        dice: Dice | None = None,
    ) -> Happened:
        """Traveling Artisan / Sage: on a day without a respite, an hour's work adds 1d10."""
        return self.areas.projects.traveling_work(hero, project, seed=seed, dice=dice)

    def faction_rolls(
        self, hero: str, project: ProjectRef, *, rolls: int = FACTION_MEMBER_ROLLS,
        characteristic: int = 0, seed: int | None = None, dice: Dice | None = None,
    ) -> Happened:
        """Faction Member: an NPC of the faction makes up to 3 project rolls for the hero."""
        return self.areas.projects.faction_rolls(
            hero, project, rolls=rolls, characteristic=characteristic, seed=seed, dice=dice)

    def start_project(
        self,
        hero: str,
        project: str,
        *,
        title: str | None = None,
        params: Mapping[str, Any] | None = None,
        learns: str | None = None,
        treasure: str | None = None,
        source_language: str | None = None,
        prerequisite: str | None = None,
        prerequisite_item: str | None = None,
        source: str | None = None,
        at_stronghold: bool = False,
        visibility: str = PARTY,
    ) -> Happened:
        """Start a project for a hero (000: 3740-3770); returns its id in details."""
        return self.areas.projects.start_project(
            hero, project, title=title, params=params, learns=learns, treasure=treasure,
            source_language=source_language, prerequisite=prerequisite,
            prerequisite_item=prerequisite_item, source=source, at_stronghold=at_stronghold,
            visibility=visibility)

    def stamina_bonuses(self, hero: str) -> list[tuple[ProjectState, int]]:
        """Spend Time With Loved Ones bonuses a hero holds (REFERENCE.md): each project that
        raised their maximum Stamina, until the end of their next respite, and by how much.
        Only their finished Spend Time With Loved Ones projects are read, not every project
        they ever finished (a hero's page shows these)."""
        return self.areas.projects.stamina_bonuses(hero)

    # -- forecasts ---------------------------------------------------------------
    def forecast(
        self,
        project: ProjectRef,
        *,
        hero: str | None = None,
        characteristic: str | None = None,
        edges: int = 0,
        banes: int = 0,
        skill: str | None = None,
        skill_allowed: bool = False,
        respites: bool = True,
        followers: bool = True,
        rolls: int | None = None,
    ) -> Any:
        """The chance ``project`` is done after each day from now (``forecast.Curve``)."""
        return self.areas.forecasts.forecast(
            project, hero=hero, characteristic=characteristic, edges=edges, banes=banes,
            skill=skill, skill_allowed=skill_allowed, respites=respites, followers=followers,
            rolls=rolls)

    # -- sources -----------------------------------------------------------------
    def move_party(self, to: str, *, reason: str = "") -> Happened:
        """The party moves on to ``to`` (a place's name). Common sources found elsewhere are
        needed again; those found at ``to`` are at hand again (000: 3760, 3768-3770)."""
        return self.areas.sources.move_party(to, reason=reason)

    # -- follower_work -----------------------------------------------------------
    def place_follower(self, follower: int | str, at: str, *, materials: bool = True,
                       reason: str = "") -> Happened:
        """Record where a follower is (``at``: "stronghold", "site" for its project's site, or
        any other place) and whether it has the materials its work needs. An artisan or sage
        rolls each day only at the stronghold or the project's site, with its materials."""
        return self.areas.follower_work.place_follower(
            follower, at, materials=materials, reason=reason)

    # -- followers ---------------------------------------------------------------
    def followers(self, hero: str | None = None) -> list[FollowerState]:
        """Active followers, oldest first (one hero's when named)."""
        return self.areas.followers.followers(hero)

    def follower(self, ref: int | str) -> FollowerState:
        """An active follower by id or name (case-insensitive)."""
        return self.areas.followers.follower(ref)

    def follower_cap(self, hero: str) -> FollowerCap:
        """How many followers a hero may keep: the renown table plus their titles' bonus
        (when the campaign's title_followers rule is on), against those they keep now."""
        return self.areas.followers.follower_cap(hero)

    def retainer_limit(self, hero: str) -> int:
        """Retainers a hero may have at once: the campaign's retainers_per_hero (the book: 1,
        unless the Director allows more) plus their titles' (Fleet Admiral's retainer)."""
        return self.areas.followers.retainer_limit(hero)

    def party_retainer_limit(self) -> int | None:
        """Retainers the whole party may have: the campaign's party_retainers (the book lets
        the Director allow one for a large party, or none); None: no party-wide limit."""
        return self.areas.followers.party_retainer_limit()

    def recruiting_places(self) -> list[str]:
        """Where followers can be recruited or contacted: the stronghold and the campaign's
        recruit_at places."""
        return self.areas.followers.recruiting_places()

    def add_follower(
        self,
        hero: str,
        name: str,
        role: str,
        *,
        ancestry: str = "",
        skills: tuple[str, ...] | list[str] = (),
        languages: tuple[str, ...] | list[str] = (),
        physical: str | None = None,
        characteristics: Mapping[str, int] | None = None,
        level: int | None = None,
        stat_block: str = "",
        beyond_cap: str = "",
        at: str | None = None,
    ) -> Happened:
        """A follower joins a hero, checked against the book's template, the renown cap and
        (for a retainer) one retainer per hero. ``beyond_cap``: the reason this one does not
        count toward the cap (a title's gift, a rescued prisoner the Director allows).
        ``at``: where the follower is (see ``place_follower``; None: not recorded)."""
        return self.areas.followers.add_follower(
            hero, name, role, ancestry=ancestry, skills=skills, languages=languages,
            physical=physical, characteristics=characteristics, level=level, stat_block=stat_block,
            beyond_cap=beyond_cap, at=at)

    def replace_follower(self, follower: int | str, new: NewFollower, *,
                         reason: str = "") -> Happened:
        """Dismiss a follower and take a new one in their place, at any time (000: 3928)."""
        return self.areas.followers.replace_follower(follower, new, reason=reason)

    def assign_follower(
        self, follower: int | str, project: ProjectRef | None, *, skill_applies: bool = False
    ) -> Happened:
        """Point an artisan at a crafting project or a sage at a research one (None: rest)."""
        return self.areas.followers.assign_follower(follower, project, skill_applies=skill_applies)

    def dismiss_follower(self, follower: int | str, *, reason: str = "") -> Happened:
        """A follower leaves (they can be replaced at any time)."""
        return self.areas.followers.dismiss_follower(follower, reason=reason)

    # -- rewards -----------------------------------------------------------------
    def award_renown(self, hero: str, amount: int, *, reason: str, source: str = "adventure",
                     visibility: str = PARTY) -> Happened:
        """Change a hero's renown (negative to lose it), saying why."""
        return self.areas.rewards.award_renown(
            hero, amount, reason=reason, source=source, visibility=visibility)

    def award_wealth(self, hero: str, amount: int, *, reason: str, source: str = "treasure",
                     visibility: str = PARTY) -> Happened:
        """Change a hero's wealth (negative to lose it), saying why."""
        return self.areas.rewards.award_wealth(
            hero, amount, reason=reason, source=source, visibility=visibility)

    def score_history(self, hero: str, field: str, *, visible_to: str | None = None
                      ) -> list[TimelinePoint]:
        """Every change of one of a hero's numbers (renown, wealth, xp, level ...), in order,
        undone ones and their undos among them (the Director's history of it; a chart draws
        only the changes that stand)."""
        return self.areas.rewards.score_history(hero, field, visible_to=visible_to)

    def wealth_table(self, hero: str | None = None) -> list[TierView]:
        """The Hero Wealth table with the campaign's own items; with a hero, what they can
        afford (and what the stretch rule would reach, when the campaign allows it)."""
        return self.areas.rewards.wealth_table(hero)

    def buy(self, hero: str, item: str, *, tier: int | None = None, count: int = 1,
            reason: str = "", visibility: str = PARTY) -> Happened:
        """Buy something the hero's wealth reaches (RULES.md "Wealth"): recorded in the
        inventory with its tier. One tier above works only with the campaign's
        stretch_purchases rule, and costs 1 wealth. The item must be available, and the hero
        within the purchases allowed, on the shopping trip under way (``shopping``)."""
        return self.areas.rewards.buy(
            hero, item, tier=tier, count=count, reason=reason, visibility=visibility)

    # -- inventory ---------------------------------------------------------------
    def inventory(self, holder: str | None = None, *, visible_to: str | None = None,
                  include_used: bool = False) -> list[ItemState]:
        """What the party holds (one hero's when named)."""
        return self.areas.inventory.inventory(
            holder, visible_to=visible_to, include_used=include_used)

    def item(self, ref: int | str) -> ItemState:
        """One inventory line still held (count above 0) by id, or by name when only one line
        has it."""
        return self.areas.inventory.item(ref)

    def add_item(self, item: str, *, holder: str | None = None, count: int = 1,
                 kind: str | None = None, origin: str = "found", notes: str = "",
                 visibility: str = PARTY) -> Happened:
        """Treasure or gear comes to the party: found, given, traded, bought or crafted.
        A treasure of the catalog takes its kind (consumable, trinket ...) from it."""
        return self.areas.inventory.add_item(
            item, holder=holder, count=count, kind=kind, origin=origin, notes=notes,
            visibility=visibility)

    def use_item(self, ref: int | str, count: int = 1, *, reason: str = "") -> Happened:
        """Use up some of an item (a potion drunk, darts thrown): its count goes down."""
        return self.areas.inventory.use_item(ref, count, reason=reason)

    def give_item(self, ref: int | str, to: str | None, *, reason: str = "") -> Happened:
        """Hand an item to a hero (or to the party's common store: ``to=None``)."""
        return self.areas.inventory.give_item(ref, to, reason=reason)

    def remove_item(self, ref: int | str, *, reason: str) -> Happened:
        """An item leaves the books (sold, traded away, lost), saying why."""
        return self.areas.inventory.remove_item(ref, reason=reason)

    # -- titles ------------------------------------------------------------------
    def titles(self, hero: str | None = None, *, visible_to: str | None = None
               ) -> list[TitleState]:
        """Titles held (one hero's when named)."""
        return self.areas.titles.titles(hero, visible_to=visible_to)

    def grant_title(self, hero: str, title: str, *, benefit: str | None = None,
                    reason: str = "", visibility: str = PARTY, renown: int = 0,
                    wealth: int = 0, followers: int = 0, retainers: int = 0,
                    effect: str = "") -> Happened:
        """A hero earns a title. A book title applies its benefit (the hero chooses one when
        there are several); a title of the table's own takes its numbers as given."""
        return self.areas.titles.grant_title(
            hero, title, benefit=benefit, reason=reason, visibility=visibility, renown=renown,
            wealth=wealth, followers=followers, retainers=retainers, effect=effect)

    def revoke_title(self, hero: str, title: str, *, reason: str) -> Happened:
        """A hero loses a title: its follower and retainer bonuses end. Renown and wealth it
        gave stay (change them with award_renown / award_wealth if the story says so)."""
        return self.areas.titles.revoke_title(hero, title, reason=reason)

    # -- shopping ----------------------------------------------------------------
    def shopping_trip(self) -> Trip:
        """The trip under way (the open session, or the downtime since the last one ended)
        and what the Director allows on it."""
        return self.areas.shopping.shopping_trip()

    def shopping(self, at: str = "", *, purchases: int | None = None,
                 max_tier: int | None = None, unavailable: Iterable[str] = (),
                 reason: str = "") -> Happened:
        """Record this trip's limits (000: 3965): where the heroes shop, how many purchases
        each may make (None: the campaign's purchases_per_trip), the highest tier on sale there
        (None: all; 0: nothing for sale) and items not to be had. Recording again replaces it."""
        return self.areas.shopping.shopping(
            at, purchases=purchases, max_tier=max_tier, unavailable=unavailable, reason=reason)

    # -- npcs --------------------------------------------------------------------
    def npcs(self, *, visible_to: str | None = None) -> list[NpcState]:
        """Every NPC in the books (those the players may see, with ``visible_to``)."""
        return self.areas.npcs.npcs(visible_to=visible_to)

    def npc(self, ref: int | str, *, visible_to: str | None = None) -> NpcState:
        """One NPC by id or name (case-insensitive)."""
        return self.areas.npcs.npc(ref, visible_to=visible_to)

    def add_npc(self, name: str, *, level: int | None = None, impression: int | None = None,
                tags: Iterable[str] = (), notes: str = "", visibility: str = PARTY,
                knows: dict[str, str] | None = None) -> Happened:
        """An NPC enters the books, with its level or impression (the level when only that is
        given) and what it knows of the heroes (``{hero: fame | infamy | known}``)."""
        return self.areas.npcs.add_npc(
            name, level=level, impression=impression, tags=tags, notes=notes, visibility=visibility,
            knows=knows)

    def npc_knows(self, npc: int | str, hero: str, standing: str | None) -> Happened:
        """Record what an NPC knows of a hero: ``fame``, ``infamy``, ``known`` (the Director
        has not said which), or None (the NPC does not know the hero)."""
        return self.areas.npcs.npc_knows(npc, hero, standing)

    def negotiation(self, npc: int | str, *, visible_to: str | None = None
                    ) -> list[renown_rules.Influence]:
        """For each hero: does their renown sway this NPC, and which skills gain an edge."""
        return self.areas.npcs.negotiation(npc, visible_to=visible_to)
