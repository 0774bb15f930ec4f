"""``drawsteel-kit pf2e ...``: the Pathfinder 2e encounter tracker (``campaign.pf2e``).

Each command is one call into :class:`drawsteel_kit.systems.pf2e.book.EncounterTracker`. Steps act
on the newest running encounter unless ``--encounter`` names one (its number or name). The
Director sees real names; ``show --player`` prints what the players see.
"""

from __future__ import annotations

import json
from typing import Any

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, open_campaign, pairs

__all__ = ["pf2e"]

encounter_option = click.option("--encounter", "-e", "ref", default=None, metavar="REF",
                                help="The encounter's number or name (default: the newest "
                                "running one).")


def _done(campaign: str, happened: Any) -> None:
    """The GM's lines, then how to undo."""
    click.echo("\n".join(happened.details.get("lines") or [happened.summary]))
    if happened.events:
        click.echo(f"(undo with: drawsteel-kit undo {campaign} {happened.events[0].id})")


def _call(campaign: str, method: str, *args: Any, **kwargs: Any) -> None:
    with open_campaign(campaign) as camp:
        _done(campaign, getattr(camp.pf2e, method)(*args, **kwargs))


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group()
def pf2e() -> None:
    """Pathfinder 2e encounters: initiative, turns, Delay, durations, hidden names.

    Example: drawsteel-kit pf2e new campaigns/pf2e-demo "Goblin bridge"
    """


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
@encounter_option
@friendly
def add(campaign: str, name: str, modifier: int | None, group: str | None,
        shown_as: str | None, count: int, skill: str | None, ref: str | None) -> None:
    """Add a PC (by name) or a creature (with --modifier) before initiative.

    Example: drawsteel-kit pf2e add campaigns/pf2e-demo Goblin -m 2 --count 3 --shown-as Gremlin
    """
    if modifier is None:
        if group or shown_as or count != 1:
            raise click.UsageError("--group, --shown-as and --count are for creatures: give "
                                   "--modifier too")
        _call(campaign, "add_pc", ref, name, skill=skill)
    else:
        _call(campaign, "add_creature", ref, name, modifier, group=group, shown_as=shown_as,
              count=count, **({"skill": skill} if skill else {}))


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
@click.option("--adjust", type=int, default=0, help="Actions more (quickened) or fewer (slowed).")
@encounter_option
@friendly
def turn_start(campaign: str, cannot_act: bool, adjust: int, ref: str | None) -> None:
    """The next creature's turn: durations tick, 3 actions and 1 reaction back.

    Example: drawsteel-kit pf2e turn start campaigns/pf2e-demo --adjust -1
    """
    _call(campaign, "start_turn", ref, can_act=not cannot_act, action_adjustment=adjust)


@turn.command("end")
@campaign_arg
@encounter_option
@friendly
def turn_end(campaign: str, ref: str | None) -> None:
    """End the current turn (persistent damage reminders, end-of-turn durations).

    Example: drawsteel-kit pf2e turn end campaigns/pf2e-demo
    """
    _call(campaign, "end_turn", ref)


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


def _named(command: str, method: str, help_text: str, *options: Any) -> None:
    """A command taking CAMPAIGN NAME (plus options) calling one book method."""

    @friendly
    def run(campaign: str, name: str, ref: str | None, **kw: Any) -> None:
        _call(campaign, method, ref, name, **kw)

    run.__doc__ = help_text
    decorated = encounter_option(campaign_arg(click.argument("name")(run)))
    for option in options:
        decorated = option(decorated)
    pf2e.command(command)(decorated)


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
@click.option("--penalty", type=int, default=0, help="Multiple attack penalty kept (e.g. -5).")
@encounter_option
@friendly
def ready(campaign: str, action: str, trigger: str, penalty: int, ref: str | None) -> None:
    """Ready (2 actions) an action for a trigger; the turn ends.

    Example: drawsteel-kit pf2e ready campaigns/pf2e-demo Strike "a goblin comes close"
    """
    _call(campaign, "ready", ref, action, trigger, attack_penalty=penalty)


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
@encounter_option
@friendly
def effect_add(campaign: str, holder: str, name: str, rounds: int, ticks: str,
               on: str | None, ref: str | None) -> None:
    """Track an effect on HOLDER, whose turns count it down.

    Example: drawsteel-kit pf2e effect add campaigns/pf2e-demo Brannoc Bless 3
    """
    _call(campaign, "add_effect", ref, holder, name, rounds, ticks=ticks, on=on)


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
@encounter_option
@friendly
def end(campaign: str, ref: str | None) -> None:
    """End the encounter and keep its record.

    Example: drawsteel-kit pf2e end campaigns/pf2e-demo
    """
    _call(campaign, "end_encounter", ref)


@pf2e.command("show")
@campaign_arg
@click.option("--player", is_flag=True, help="What the players see (hidden names kept).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@encounter_option
@friendly
def show(campaign: str, player: bool, as_json: bool, ref: str | None) -> None:
    """Show an encounter: the order, whose turn, actions, effects.

    Example: drawsteel-kit pf2e show campaigns/pf2e-demo --player
    """
    with open_campaign(campaign, readonly=True) as camp:
        book = camp.pf2e
        info = book.encounter(ref)
        view = book.sheet(f"encounter-view:{info.number}").data
    if player:
        data: dict[str, Any] = view
    else:
        data = {"number": info.number, "status": info.status, "state": info.state.as_dict(),
                "record": info.record}
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(f"Encounter {info.number}: {view['encounter']} ({info.status}), "
               f"round {view['round']}")
    listed = info.state.order if info.state.rolled else tuple(
        c.name for c in info.state.combatants if c.status == "active")
    rows = view["combatants"] if player else [
        {**row, "name": name} for row, name in zip(view["combatants"], listed, strict=False)]
    for row in rows:
        marks = [f"init {row.get('initiative')}"] if row.get("initiative") is not None else []
        if row.get("acting"):
            marks.append(f"ACTING, {row['actions']} action(s)")
        marks.append("reaction" if row.get("reaction") else "no reaction")
        marks += [f"{e['name']} ({e['rounds']})" for e in row.get("effects", [])]
        marks += [f"persistent {p['damage']} {p['type']}" for p in row.get("persistent", [])]
        marks += ["delaying"] * bool(row.get("delaying")) + ["dying"] * bool(row.get("dying"))
        click.echo(f"  {row['name']}: " + ", ".join(marks))
    out = view["out"] if player else [c.name for c in info.state.combatants
                                      if c.status != "active"]
    if out:
        click.echo("  out: " + ", ".join(out))


@pf2e.command("list")
@campaign_arg
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@friendly
def list_encounters(campaign: str, as_json: bool) -> None:
    """List the encounters, running and ended.

    Example: drawsteel-kit pf2e list campaigns/pf2e-demo
    """
    with open_campaign(campaign, readonly=True) as camp:
        infos = camp.pf2e.encounters()
    rows = [{"number": i.number, "name": i.name, "status": i.status, "round": i.state.round,
             "record": i.record} for i in infos]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for r in rows or []:
        click.echo(f"{r['number']}. {r['name']} ({r['status']}, round {r['round']})")
    if not rows:
        click.echo("No encounters yet: drawsteel-kit pf2e new CAMPAIGN NAME")
