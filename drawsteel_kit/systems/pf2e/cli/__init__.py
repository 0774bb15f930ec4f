"""``drawsteel-kit pf2e ...``: the Pathfinder 2e encounter tracker (``campaign.pf2e``).

Each command is one call into :class:`drawsteel_kit.systems.pf2e.book.EncounterTracker`. Steps act
on the newest running encounter unless ``--encounter`` names one (its number or name). The
Director sees real names; ``show --player`` prints what the players see. The fight's own
commands (damage, conditions, checks, Strikes ...) are in :mod:`.combat`, ``show`` and
``list`` in :mod:`.show` (what they share: :mod:`.base`).
"""

from __future__ import annotations

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, opener, pairs
from drawsteel_kit.systems.pf2e.campaign import Pf2eCampaign
from drawsteel_kit.systems.pf2e.cli import combat, show
from drawsteel_kit.systems.pf2e.cli.base import (
    Tools,
    commands,
    dice_options,
    encounter_option,
    pf2e,
    typed_dice,
)

__all__ = ["combat", "commands", "pf2e", "show"]

#: A campaign as Pathfinder 2e's (another system's is refused, naming its commands).
open_campaign = opener(Pf2eCampaign)

TOOLS = Tools(campaign_arg=campaign_arg, friendly=friendly, open_campaign=open_campaign)
_call = TOOLS.step
_named = TOOLS.named


@pf2e.command("new")
@campaign_arg
@click.argument("name")
@friendly
def new_encounter(campaign: str, name: str) -> None:
    """Start an encounter (then add combatants and roll initiative).

    Example: drawsteel-kit pf2e new campaigns/pf2e-demo "Goblin bridge"
    """
    _call(campaign, "new_encounter", name)


@pf2e.command("add")
@campaign_arg
@click.argument("name")
@click.option("--modifier", "-m", type=int, default=None,
              help="A creature's initiative modifier (leave out for a PC of campaign.yaml).")
@click.option("--group", default=None, help="Identical creatures rolling once as a group.")
@click.option("--shown-as", default=None, help="What players call it until identified.")
@click.option("--count", type=int, default=1, show_default=True,
              help="How many identical creatures (NAME 1, NAME 2, ... in one group).")
@click.option("--skill", default=None, help="The initiative check (default: the table's).")
@click.option("--hp", type=int, default=None, help="A creature's hit points (the GM's).")
@click.option("--ac", type=int, default=None, help="A creature's AC (the GM's).")
@click.option("--rider", default=None, help="It is this combatant's mount (acts on its turns).")
@encounter_option
@friendly
def add(campaign: str, name: str, modifier: int | None, group: str | None,
        shown_as: str | None, count: int, skill: str | None, hp: int | None, ac: int | None,
        rider: str | None, ref: str | None) -> None:
    """Add a PC (by name) or a creature (with --modifier) before initiative.

    Example: drawsteel-kit pf2e add campaigns/pf2e-demo Goblin -m 2 --count 3 --hp 6 --ac 16
    """
    if modifier is None:
        if group or shown_as or count != 1 or hp is not None or ac is not None or rider:
            raise click.UsageError("--group, --shown-as, --count, --hp, --ac and --rider are "
                                   "for creatures: give --modifier too")
        _call(campaign, "add_pc", ref, name, skill=skill)
    else:
        _call(campaign, "add_creature", ref, name, modifier, group=group, shown_as=shown_as,
              count=count, hp=hp, ac=ac, rider=rider, **({"skill": skill} if skill else {}))


@pf2e.command("initiative")
@campaign_arg
@click.option("--typed", multiple=True, metavar="NAME=TOTAL",
              help="A result rolled at the table: a total (17) or the die (d12); repeatable.")
@click.option("--tie-order", default="", metavar="A,B", help="Tied PCs in the order they chose.")
@click.option("--seed", type=int, default=None, help="Seed for the dice rolled here.")
@encounter_option
@friendly
def initiative(campaign: str, typed: tuple[str, ...], tie_order: str, seed: int | None,
               ref: str | None) -> None:
    """Roll initiative once for everyone (d20 + modifier, usually Perception).

    \b
    Example: drawsteel-kit pf2e initiative campaigns/pf2e-demo --typed Ava=17 \\
               --typed Brannoc=d12 --tie-order Ava,Brannoc
    """
    order = [n.strip() for n in tie_order.split(",") if n.strip()]
    _call(campaign, "roll_initiative", ref, seed=seed, typed=pairs(typed, "--typed"),
          tie_order=order)


@pf2e.group()
def turn() -> None:
    """Start or end a turn.

    Example: drawsteel-kit pf2e turn start campaigns/pf2e-demo
    """


@turn.command("start")
@campaign_arg
@click.option("--cannot-act", is_flag=True, help="No actions and no reaction this turn.")
@click.option("--adjust", type=int, default=0, help="Actions more (quickened) or fewer.")
@click.option("--recovery", type=int, default=None,
              help="A dying creature's recovery check: the d20 rolled at the table.")
@click.option("--seed", type=int, default=None, help="Seed for a recovery check rolled here.")
@encounter_option
@friendly
def turn_start(campaign: str, cannot_act: bool, adjust: int, recovery: int | None,
               seed: int | None, ref: str | None) -> None:
    """The next creature's turn: durations tick, a dying creature's recovery check, 3
    actions and 1 reaction back.

    Example: drawsteel-kit pf2e turn start campaigns/pf2e-demo --recovery 14
    """
    _call(campaign, "start_turn", ref, can_act=not cannot_act, action_adjustment=adjust,
          recovery=recovery, seed=seed)


@turn.command("end")
@campaign_arg
@click.option("--cast", is_flag=True, help="It cast a spell this turn (2 rounds of air).")
@dice_options
@encounter_option
@friendly
def turn_end(campaign: str, cast: bool, typed: str | None, seed: int | None,
             ref: str | None) -> None:
    """End the current turn: persistent damage and its flat check, saves, then conditions
    (frightened -1, air) and end-of-turn durations.

    Example: drawsteel-kit pf2e turn end campaigns/pf2e-demo --dice 3,16
    """
    _call(campaign, "end_turn", ref, cast_spell=cast, seed=seed, dice=typed_dice(typed))


@pf2e.command("actions")
@campaign_arg
@click.argument("count", type=int)
@click.option("--what", default="an action", help="What they are for.")
@encounter_option
@friendly
def actions(campaign: str, count: int, what: str, ref: str | None) -> None:
    """The current creature spends actions.

    Example: drawsteel-kit pf2e actions campaigns/pf2e-demo 2 --what "Strike, Stride"
    """
    _call(campaign, "use_actions", ref, count, what)


_named("reaction", "use_reaction", "A creature uses its reaction.\n\nExample: drawsteel-kit "
       "pf2e reaction campaigns/pf2e-demo Ava --what \"Attack of Opportunity\"",
       click.option("--what", default="a reaction", help="What the reaction is."))
_named("return", "return_from_delay", "A delaying creature returns and acts now.\n\n"
       "Example: drawsteel-kit pf2e return campaigns/pf2e-demo Cressida")
_named("readied", "use_readied", "The trigger came: use the readied action.\n\nExample: "
       "drawsteel-kit pf2e readied campaigns/pf2e-demo Ava",
       click.option("--note", default="", help="What happened."))
_named("identify", "identify", "The PCs identify a creature: players see its name.\n\n"
       "Example: drawsteel-kit pf2e identify campaigns/pf2e-demo \"Morlock scavenger\"")
_named("defeat", "defeat", "A creature is defeated (out of the order, in the record).\n\n"
       "Example: drawsteel-kit pf2e defeat campaigns/pf2e-demo \"Goblin 1\"")
_named("remove", "remove", "A creature leaves the encounter.\n\n"
       "Example: drawsteel-kit pf2e remove campaigns/pf2e-demo \"Goblin 2\"")
_named("dying", "set_dying", "Mark a creature dying (--no: no longer).\n\n"
       "Example: drawsteel-kit pf2e dying campaigns/pf2e-demo Ava",
       click.option("--no", "dying", flag_value=False, default=True,
                    help="No longer dying."))


@pf2e.command("delay")
@campaign_arg
@encounter_option
@friendly
def delay(campaign: str, ref: str | None) -> None:
    """The current creature Delays (out of the order until it returns).

    Example: drawsteel-kit pf2e delay campaigns/pf2e-demo
    """
    _call(campaign, "delay", ref)


@pf2e.command("ready")
@campaign_arg
@click.argument("action")
@click.argument("trigger")
@click.option("--penalty", type=int, default=None,
              help="Multiple attack penalty kept (default: the turn's so far).")
@click.option("--free-with-trigger", is_flag=True,
              help="ACTION is a free action with a trigger of its own (refused).")
@encounter_option
@friendly
def ready(campaign: str, action: str, trigger: str, penalty: int | None,
          free_with_trigger: bool, ref: str | None) -> None:
    """Ready (2 actions) an action for a trigger; the turn ends.

    Example: drawsteel-kit pf2e ready campaigns/pf2e-demo Strike "a goblin comes close"
    """
    _call(campaign, "ready", ref, action, trigger, attack_penalty=penalty,
          free_action_with_trigger=free_with_trigger)


@pf2e.group()
def effect() -> None:
    """Track effects with a duration in rounds.

    Example: drawsteel-kit pf2e effect add campaigns/pf2e-demo Brannoc Bless 3
    """


@effect.command("add")
@campaign_arg
@click.argument("holder")
@click.argument("name")
@click.argument("rounds", type=int)
@click.option("--ticks", type=click.Choice(["start", "end"]), default="start",
              show_default=True, help="Counted down at the start or end of HOLDER's turns.")
@click.option("--on", default=None, help="Who it is on, when not HOLDER.")
@click.option("--save", default=None,
              help="The save HOLDER attempts at the end of each turn (\"Fortitude DC 16\").")
@encounter_option
@friendly
def effect_add(campaign: str, holder: str, name: str, rounds: int, ticks: str,
               on: str | None, save: str | None, ref: str | None) -> None:
    """Track an effect on HOLDER, whose turns count it down.

    Example: drawsteel-kit pf2e effect add campaigns/pf2e-demo Brannoc Bless 3
    """
    _call(campaign, "add_effect", ref, holder, name, rounds, ticks=ticks, on=on, save=save)


@effect.command("remove")
@campaign_arg
@click.argument("holder")
@click.argument("name")
@encounter_option
@friendly
def effect_remove(campaign: str, holder: str, name: str, ref: str | None) -> None:
    """End an effect early.

    Example: drawsteel-kit pf2e effect remove campaigns/pf2e-demo Brannoc Bless
    """
    _call(campaign, "remove_effect", ref, holder, name)


@pf2e.group()
def persistent() -> None:
    """Persistent damage, reminded at the end of each turn.

    Example: drawsteel-kit pf2e persistent add campaigns/pf2e-demo Goblin 1d6 fire
    """


@persistent.command("add")
@campaign_arg
@click.argument("name")
@click.argument("damage")
@click.argument("damage_type", metavar="TYPE")
@encounter_option
@friendly
def persistent_add(campaign: str, name: str, damage: str, damage_type: str,
                   ref: str | None) -> None:
    """Give a creature persistent damage.

    Example: drawsteel-kit pf2e persistent add campaigns/pf2e-demo Goblin 1d6 fire
    """
    _call(campaign, "add_persistent", ref, name, damage, damage_type)


@persistent.command("end")
@campaign_arg
@click.argument("name")
@click.argument("damage_type", metavar="TYPE")
@encounter_option
@friendly
def persistent_end(campaign: str, name: str, damage_type: str, ref: str | None) -> None:
    """Persistent damage ends (flat check passed, or treated).

    Example: drawsteel-kit pf2e persistent end campaigns/pf2e-demo Goblin fire
    """
    _call(campaign, "end_persistent", ref, name, damage_type)


@pf2e.command("hp")
@campaign_arg
@click.argument("name")
@click.argument("hp", type=int)
@click.option("--reason", default="", help="Why.")
@friendly
def hp(campaign: str, name: str, hp: int, reason: str) -> None:
    """Set a PC's current hit points.

    Example: drawsteel-kit pf2e hp campaigns/pf2e-demo Ava 31 --reason "goblin spears"
    """
    with open_campaign(campaign) as camp:
        happened = camp.pf2e.adjust_hp(name, hp, reason=reason)
        click.echo(happened.summary)


@pf2e.command("end")
@campaign_arg
@click.option("--xp", type=int, default=0, help="XP each PC earns.")
@click.option("--treasure", multiple=True, help="A find for the party to share; repeatable.")
@encounter_option
@friendly
def end(campaign: str, xp: int, treasure: tuple[str, ...], ref: str | None) -> None:
    """End the encounter and keep its record (with the XP and treasure it gave).

    Example: drawsteel-kit pf2e end campaigns/pf2e-demo --xp 80 --treasure "12 gp"
    """
    _call(campaign, "end_encounter", ref, xp=xp, treasure=list(treasure))


combat.register(TOOLS)
show.register(TOOLS)
