"""``drawsteel-kit sheet ...``: condition-sheet battles (``campaign.condition_sheet``, seed 004).

Each command is one call into
:class:`drawsteel_kit.systems.condition_sheet.book.ConditionSheetBook`,
acting on the newest running battle unless ``--battle`` names one. Dice rolled at the table
are typed with ``--dice 4,3`` (in the order the command rolls them); ``--seed`` generates
them reproducibly; with neither, they are generated and the seed recorded.
"""

from __future__ import annotations

import json
from typing import Any

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, opener, pairs
from drawsteel_kit.systems.condition_sheet.campaign import ConditionSheetCampaign

__all__ = ["sheet"]

#: A campaign as the condition-sheet system's (another system's is refused, naming its
#: commands).
open_campaign = opener(ConditionSheetCampaign)

battle_option = click.option("--battle", "-b", "ref", default=None, metavar="REF",
                             help="The battle's number or name (default: the newest running).")


bonus_option = click.option("--bonus/--no-bonus", default=True, show_default=True,
                            help="Take the +1 to the cast the rules allow, or decline it.")


def dice_options(fn: Any) -> Any:
    """``--dice`` and ``--seed``."""
    fn = click.option("--seed", type=int, default=None, help="Seed for generated dice.")(fn)
    return click.option("--dice", "typed", default=None, metavar="4,3",
                        help="Faces rolled at the table, in the order the step rolls them.")(fn)


def _call(campaign: str, method: str, *args: Any, **kwargs: Any) -> None:
    with open_campaign(campaign) as camp:
        happened = getattr(camp.condition_sheet, method)(*args, **kwargs)
    click.echo("\n".join(happened.details.get("lines") or [happened.summary]))
    if happened.events:
        click.echo(f"(undo with: drawsteel-kit undo {campaign} {happened.events[0].id})")


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group()
def sheet() -> None:
    """Condition-sheet battles: initiative, attacks, supports, specials, the reset.

    Example: drawsteel-kit sheet battle new campaigns/condition-sheet-demo Gate --foe Imp
    """


@sheet.group()
def battle() -> None:
    """Start a battle.

    Example: drawsteel-kit sheet battle new campaigns/condition-sheet-demo Gate --with Ava,Bram
    """


@battle.command("new")
@campaign_arg
@click.argument("name")
@click.option("--with", "members", default=None, metavar="A,B",
              help="The players' characters (default: all of them).")
@click.option("--foe", "foes", multiple=True, metavar="NAME", help="A foe of campaign.yaml.")
@friendly
def new_battle(campaign: str, name: str, members: str | None, foes: tuple[str, ...]) -> None:
    """Start a battle: condition sheets empty, round 1's initiative next.

    Example: drawsteel-kit sheet battle new campaigns/condition-sheet-demo Gate --foe Warden
    """
    _call(campaign, "new_battle", name, members, foes=list(foes))


@sheet.command("round")
@campaign_arg
@click.option("--prep", "preps", multiple=True, metavar="NAME=EFFECT",
              help="Spend a preparation effect for one more initiative die.")
@dice_options
@battle_option
@friendly
def start_round(campaign: str, preps: tuple[str, ...], typed: str | None, seed: int | None,
                ref: str | None) -> None:
    """Start the next round: everyone's 2d6 initiative (the GM's fixed values).

    Example: drawsteel-kit sheet round campaigns/condition-sheet-demo --dice 3,4,5,2,6,2
    """
    _call(campaign, "start_round", ref, preparations=pairs(preps, "--prep"), typed=typed,
          seed=seed)


@sheet.command("order")
@campaign_arg
@click.option("--tie-order", default="", metavar="A,B",
              help="Tied players' characters in the order they agreed.")
@dice_options
@battle_option
@friendly
def order(campaign: str, tie_order: str, typed: str | None, seed: int | None,
          ref: str | None) -> None:
    """Settle the round's order (roll-offs between tied players' and GM characters).

    Example: drawsteel-kit sheet order campaigns/condition-sheet-demo --tie-order Bram,Ava
    """
    _call(campaign, "settle_order", ref, tie_order=tie_order, typed=typed, seed=seed)


@sheet.command("check")
@campaign_arg
@click.argument("who")
@click.argument("kind", type=click.Choice(["cast", "guard", "withdraw", "initiative"]))
@click.option("--value", type=int, default=None, help="The ability for a withdraw check.")
@click.option("--prep", default=None, help="A preparation effect: one more die.")
@click.option("--reroll", is_flag=True,
              help="Reroll the waiting check (or this round's initiative) with mana.")
@click.option("--keep", type=click.Choice(["better", "new", "old"]), default="better",
              show_default=True, help="After --reroll: the better roll, the new one, or the "
              "old one.")
@dice_options
@battle_option
@friendly
def check(campaign: str, who: str, kind: str, value: int | None, prep: str | None,
          reroll: bool, keep: str, typed: str | None, seed: int | None,
          ref: str | None) -> None:
    """Roll one check now (or --reroll it) for the action that uses it next. Initiative is
    rolled by `sheet round`; `check WHO initiative --reroll` rerolls it.

    Example: drawsteel-kit sheet check campaigns/condition-sheet-demo Ava cast --reroll --keep new
    """
    if kind == "initiative" and not reroll:
        raise click.ClickException("initiative is rolled for everyone by `drawsteel-kit sheet "
                               "round`; add --reroll to roll it again")
    if reroll and kind == "initiative":
        _call(campaign, "reroll_initiative", ref, who, keep=keep, typed=typed, seed=seed)
    elif reroll:
        _call(campaign, "reroll_check", ref, who, kind, keep=keep, typed=typed, seed=seed)
    else:
        _call(campaign, "roll_check", ref, who, kind, value=value, preparation=prep,
              typed=typed, seed=seed)


@sheet.command("attack")
@campaign_arg
@click.argument("attacker")
@click.argument("targets")
@click.argument("effect")
@click.option("--boost", default=None, metavar="EFFECT", help="A second effect (1 mana).")
@click.option("--cover", "covers", multiple=True, metavar="TARGET=ALLY",
              help="An ally takes the hit for a target whose guard failed.")
@click.option("--cover-emotion", default="", metavar="A,B",
              help="Coverers who pay with an emotion toward the one covered.")
@click.option("--prep", default=None, help="A preparation effect for the cast.")
@dice_options
@battle_option
@friendly
def attack(campaign: str, attacker: str, targets: str, effect: str, boost: str | None,
           covers: tuple[str, ...], cover_emotion: str, prep: str | None, typed: str | None,
           seed: int | None, ref: str | None) -> None:
    """Attack TARGETS (A,B: Expand) with EFFECT: damage, erase_bless[:NAME],
    add_curse:NAME, refresh[:NAME], self_bless:NAME[:OVERWRITTEN].

    Dice: the cast, then each target's guard, then each coverer's guard.

    Example: drawsteel-kit sheet attack campaigns/condition-sheet-demo Cleo Imp damage --dice 4,3
    """
    _call(campaign, "attack", ref, attacker, targets, effect, boost=boost,
          covers=pairs(covers, "--cover"), cover_with_emotion=cover_emotion, preparation=prep,
          typed=typed, seed=seed)


@sheet.command("chain")
@campaign_arg
@click.argument("who")
@click.argument("ally")
@click.argument("effect")
@click.option("--emotion", is_flag=True, help="Pay with an emotion toward the ally.")
@click.option("--boost", default=None, metavar="EFFECT", help="A second effect (1 mana).")
@bonus_option
@dice_options
@battle_option
@friendly
def chain(campaign: str, who: str, ally: str, effect: str, emotion: bool, boost: str | None,
          bonus: bool, typed: str | None, seed: int | None, ref: str | None) -> None:
    """Chain combo: attack the ally's target at once, +1 to the cast if you like, using your
    turn.

    Example: drawsteel-kit sheet chain campaigns/condition-sheet-demo Bram Cleo damage --dice 3,2
    """
    _call(campaign, "chain_combo", ref, who, ally, effect, boost=boost,
          pay_with_emotion=emotion, bonus=bonus, typed=typed, seed=seed)


@sheet.command("counter")
@campaign_arg
@click.argument("who")
@click.argument("effect")
@click.option("--boost", default=None, metavar="EFFECT", help="A second effect (1 mana).")
@bonus_option
@dice_options
@battle_option
@friendly
def counter(campaign: str, who: str, effect: str, boost: str | None, bonus: bool,
            typed: str | None, seed: int | None, ref: str | None) -> None:
    """Counter: having failed to guard, hit the attacker back, +1 to the cast if you like.

    Example: drawsteel-kit sheet counter campaigns/condition-sheet-demo Cleo damage --no-bonus
    """
    _call(campaign, "counter", ref, who, effect, boost=boost, bonus=bonus, typed=typed,
          seed=seed)


@sheet.command("support")
@campaign_arg
@click.argument("who")
@click.argument("targets")
@click.argument("effect")
@click.option("--boost", default=None, metavar="EFFECT", help="A second effect (1 mana).")
@click.option("--emotion-for", default=None, metavar="NAME",
              help="Pay with an emotion toward this target instead of mana.")
@battle_option
@friendly
def support(campaign: str, who: str, targets: str, effect: str, boost: str | None,
            emotion_for: str | None, ref: str | None) -> None:
    """Support TARGETS (A,B: Expand) with heal_damage, remove_curse[:NAME] or add_bless:NAME.

    Example: drawsteel-kit sheet support campaigns/condition-sheet-demo Ava Bram heal_damage
    """
    _call(campaign, "support", ref, who, targets, effect, boost=boost, emotion_for=emotion_for)


@sheet.command("withdraw")
@campaign_arg
@click.argument("who")
@click.option("--value", type=int, required=True, help="The ability the GM approved.")
@click.option("--difficulty", type=int, default=None, help="Default: the table's setting.")
@dice_options
@battle_option
@friendly
def withdraw(campaign: str, who: str, value: int, difficulty: int | None, typed: str | None,
             seed: int | None, ref: str | None) -> None:
    """Try to leave the battle: 2d6 + the approved ability against the difficulty.

    Example: drawsteel-kit sheet withdraw campaigns/condition-sheet-demo Ava --value 2 --dice 4,4
    """
    _call(campaign, "withdraw", ref, who, value=value, difficulty=difficulty, typed=typed,
          seed=seed)


@sheet.command("pass")
@campaign_arg
@click.argument("who", required=False)
@battle_option
@friendly
def pass_turn(campaign: str, who: str | None, ref: str | None) -> None:
    """Take no round action (default: whoever is to act).

    Example: drawsteel-kit sheet pass campaigns/condition-sheet-demo
    """
    _call(campaign, "pass_turn", ref, who)


@sheet.command("last-stand")
@campaign_arg
@click.argument("who")
@battle_option
@friendly
def last_stand(campaign: str, who: str, ref: str | None) -> None:
    """Undo a knock-down this round (1 mana, once a round).

    Example: drawsteel-kit sheet last-stand campaigns/condition-sheet-demo Bram
    """
    _call(campaign, "last_stand", ref, who)


@sheet.command("end")
@campaign_arg
@battle_option
@friendly
def end(campaign: str, ref: str | None) -> None:
    """End the battle: every condition sheet resets; spent mana is written back.

    Example: drawsteel-kit sheet end campaigns/condition-sheet-demo
    """
    _call(campaign, "end_battle", ref)


@sheet.command("mana")
@campaign_arg
@click.argument("who")
@click.argument("mana", type=int)
@click.option("--reason", default="", help="Why (shown in the history).")
@friendly
def mana(campaign: str, who: str, mana: int, reason: str) -> None:
    """Set a character's mana between battles.

    Example: drawsteel-kit sheet mana campaigns/condition-sheet-demo Bram 6 --reason rest
    """
    _call(campaign, "set_mana", who, mana, reason=reason)


@sheet.command("emotion")
@campaign_arg
@click.argument("who")
@click.argument("toward")
@click.option("--count", type=int, default=1, show_default=True, help="Emotions gained.")
@click.option("--reason", default="", help="Why (shown in the history).")
@friendly
def emotion(campaign: str, who: str, toward: str, count: int, reason: str) -> None:
    """Between battles, a character gains an emotion toward another (it can pay for a
    support, cover or chain combo with that character instead of mana).

    Example: drawsteel-kit sheet emotion campaigns/condition-sheet-demo Cleo Ava --reason "saved"
    """
    _call(campaign, "grant_emotion", who, toward, count, reason=reason)


@sheet.command("prepare")
@campaign_arg
@click.argument("who")
@click.argument("effect")
@click.option("--reason", default="", help="Why (shown in the history).")
@friendly
def prepare(campaign: str, who: str, effect: str, reason: str) -> None:
    """Between battles, a character gains a preparation effect (one more die on one check,
    used once: --prep EFFECT).

    Example: drawsteel-kit sheet prepare campaigns/condition-sheet-demo Bram "Mapped the vaults"
    """
    _call(campaign, "grant_preparation", who, effect, reason=reason)


@sheet.command("show")
@campaign_arg
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@battle_option
@friendly
def show(campaign: str, as_json: bool, ref: str | None) -> None:
    """Show a battle: the order, whose turn, each condition sheet, checks waiting.

    Example: drawsteel-kit sheet show campaigns/condition-sheet-demo
    """
    with open_campaign(campaign, readonly=True) as camp:
        info = camp.condition_sheet.battle(ref)
    b = info.state
    if as_json:
        click.echo(json.dumps({"number": info.number, "name": info.name,
                               "status": info.status, "battle": b.as_dict(),
                               "checks": [c.as_dict() for c in info.checks]},
                              indent=2, ensure_ascii=False))
        return
    click.echo(f"Battle {info.number}: {info.name} ({info.status}), round {b.round}, "
               f"{b.phase}" + (f"; {b.current} to act" if b.current else ""))
    click.echo(f"  played with {b.rules.text()}")
    if b.order:
        click.echo("  order: " + ", ".join(b.order))
    for c in b.characters:
        state = "knocked down" if c.knocked_down else "withdrawn" if c.withdrawn else (
            "acted" if c.name in b.acted else "")
        click.echo(f"  {c.name} ({c.side}) mana {c.mana}" + (f" [{state}]" if state else ""))
        for row in ("damage", "curse", "bless"):
            click.echo(f"    {row:<6} {c.sheet.row(row)}")
    for w in info.checks:
        click.echo(f"  waiting: {w.who}'s {w.kind} {w.text()}")


@sheet.command("list")
@campaign_arg
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@friendly
def list_battles(campaign: str, as_json: bool) -> None:
    """List the battles, running and ended.

    Example: drawsteel-kit sheet list campaigns/condition-sheet-demo
    """
    with open_campaign(campaign, readonly=True) as camp:
        rows = [{"number": i.number, "name": i.name, "status": i.status,
                 "round": i.state.round} for i in camp.condition_sheet.battles()]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for r in rows:
        click.echo(f"{r['number']}. {r['name']} ({r['status']}, round {r['round']})")
    if not rows:
        click.echo("No battles yet: drawsteel-kit sheet battle new CAMPAIGN NAME")
