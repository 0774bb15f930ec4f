"""``drawsteel-kit pf2e damage|heal|condition|check|aid|strike|cover|flanked|move|breath``: the
fight itself, each command one call into the encounter tracker (``campaign.pf2e``)."""

from __future__ import annotations

import click

from drawsteel_kit.systems.pf2e.cli.base import Tools, encounter_option, pf2e
from drawsteel_kit.systems.pf2e.rules.checks import AID_CRITICAL_BONUS, AID_DC
from drawsteel_kit.systems.pf2e.rules.combatant import COVERS

__all__ = ["register"]


def register(t: Tools) -> None:
    """Add the fight's commands to ``drawsteel-kit pf2e`` (with the root CLI's helpers)."""
    roll_option = click.option("--roll", "face", type=int, default=None,
                               help="The d20 rolled at the table (else it is rolled here).")
    seed_option = click.option("--seed", type=int, default=None,
                               help="Seed for the d20 rolled here.")
    modifier_option = click.option("--modifier", "-m", type=int, required=True,
                                   help="The check's or attack's modifier.")


    @pf2e.command("damage")
    @t.campaign_arg
    @click.argument("name")
    @click.argument("amount", type=int)
    @click.option("--critical", is_flag=True, help="From a critical hit (dying 2 at 0 HP).")
    @encounter_option
    @t.friendly
    def damage(campaign: str, name: str, amount: int, critical: bool, ref: str | None) -> None:
        """A creature takes damage; at 0 HP a PC is knocked out and dying, a foe dies.

        Example: drawsteel-kit pf2e damage campaigns/pf2e-demo "Jaul Mezmin" 9 --critical
        """
        t.step(campaign, "damage", ref, name, amount, critical=critical)


    @pf2e.command("heal")
    @t.campaign_arg
    @click.argument("name")
    @click.argument("amount", type=int)
    @encounter_option
    @t.friendly
    def heal(campaign: str, name: str, amount: int, ref: str | None) -> None:
        """A creature regains hit points (a dying one stops dying, wounded 1 more).

        Example: drawsteel-kit pf2e heal campaigns/pf2e-demo Ava 8
        """
        t.step(campaign, "heal", ref, name, amount)


    @pf2e.command("condition")
    @t.campaign_arg
    @click.argument("name")
    @click.argument("condition")
    @click.argument("value", type=int)
    @encounter_option
    @t.friendly
    def condition(campaign: str, name: str, condition: str, value: int, ref: str | None) -> None:
        """Give a creature a condition with a value (0 ends it): frightened, sickened, clumsy,
        stupefied, drained, enfeebled, slowed, stunned, doomed, dying, wounded.

        Example: drawsteel-kit pf2e condition campaigns/pf2e-demo Ava frightened 2
        """
        t.step(campaign, "set_condition", ref, name, condition, value)


    @pf2e.command("check")
    @t.campaign_arg
    @click.argument("name")
    @click.argument("what")
    @modifier_option
    @click.option("--dc", type=int, required=True, help="The DC.")
    @roll_option
    @seed_option
    @encounter_option
    @t.friendly
    def check(campaign: str, name: str, what: str, modifier: int, dc: int, face: int | None,
              seed: int | None, ref: str | None) -> None:
        """Any check: d20 + modifier against a DC, with its degree of success.

        Example: drawsteel-kit pf2e check campaigns/pf2e-demo Ava Athletics -m 7 --dc 18 --roll 12
        """
        t.step(campaign, "check", ref, name, what, modifier, dc, face=face, seed=seed)


    @pf2e.command("aid")
    @t.campaign_arg
    @click.argument("helper")
    @click.argument("ally")
    @modifier_option
    @click.option("--dc", type=int, default=AID_DC, show_default=True, help="The Aid DC.")
    @click.option("--critical-bonus", type=int, default=AID_CRITICAL_BONUS, show_default=True,
                  help="What a critical success gives (3 at master, 4 at legendary).")
    @roll_option
    @seed_option
    @encounter_option
    @t.friendly
    def aid(campaign: str, helper: str, ally: str, modifier: int, dc: int, critical_bonus: int,
            face: int | None, seed: int | None, ref: str | None) -> None:
        """Aid (a reaction): the ally's next check or attack takes +1, or -1 on a critical
        failure.

        Example: drawsteel-kit pf2e aid campaigns/pf2e-demo Brannoc Ava -m 6 --roll 15
        """
        t.step(campaign, "aid", ref, helper, ally, modifier, dc=dc,
                 critical_bonus=critical_bonus, face=face, seed=seed)


    @pf2e.command("strike")
    @t.campaign_arg
    @click.argument("name")
    @modifier_option
    @click.option("--target", default=None, help="Who is attacked (its AC, cover, off-guard).")
    @click.option("--ac", type=int, default=None, help="The AC, when the target's is not tracked.")
    @click.option("--agile", is_flag=True, help="An agile weapon (-4, -8).")
    @click.option("--what", default="Strike", show_default=True, help="The attack.")
    @click.option("--readied", is_flag=True, help="The readied attack, as a reaction.")
    @roll_option
    @seed_option
    @encounter_option
    @t.friendly
    def strike(campaign: str, name: str, modifier: int, target: str | None, ac: int | None,
               agile: bool, what: str, readied: bool, face: int | None, seed: int | None,
               ref: str | None) -> None:
        """An attack roll with the turn's multiple attack penalty (shared with a mount).

        Example: drawsteel-kit pf2e strike campaigns/pf2e-demo Ava -m 9 --ac 19 --roll 14
        """
        t.step(campaign, "attack", ref, name, modifier, target=target, ac=ac, agile=agile,
                 what=what, readied=readied, face=face, seed=seed)


    @pf2e.command("cover")
    @t.campaign_arg
    @click.argument("name")
    @click.argument("cover", type=click.Choice([*COVERS, "none"]))
    @encounter_option
    @t.friendly
    def cover(campaign: str, name: str, cover: str, ref: str | None) -> None:
        """Record a creature's cover: lesser +1, standard +2, greater +4 (none: no cover).

        Example: drawsteel-kit pf2e cover campaigns/pf2e-demo "Jaul Mezmin" standard
        """
        t.step(campaign, "cover", ref, name, None if cover == "none" else cover)


    t.named("flanked", "flanked", "A creature is flanked: off-guard, -2 AC (--no: no "
                  "longer).\n\nExample: drawsteel-kit pf2e flanked campaigns/pf2e-demo "
                  "\"Jaul Mezmin\"",
                  click.option("--no", "flanked", flag_value=False, default=True,
                               help="No longer flanked."))


    @pf2e.command("move")
    @t.campaign_arg
    @click.argument("name")
    @click.argument("path")
    @click.option("--speed", type=int, default=None, help="Refuse a path costing more feet.")
    @click.option("--step", is_flag=True, help="A Step (not into difficult terrain).")
    @encounter_option
    @t.friendly
    def move(campaign: str, name: str, path: str, speed: int | None, step: bool,
             ref: str | None) -> None:
        """The current creature moves: PATH lists squares, s straight, d diagonal, ! difficult
        terrain, !! greater difficult; the feet it costs.

        Example: drawsteel-kit pf2e move campaigns/pf2e-demo Ava "d d s!" --speed 25
        """
        t.step(campaign, "move", ref, name, path, speed=speed, step=step)


    @pf2e.group()
    def breath() -> None:
        """Holding breath and suffocating.

        Example: drawsteel-kit pf2e breath hold campaigns/pf2e-demo Ava --con 2
        """


    @breath.command("hold")
    @t.campaign_arg
    @click.argument("name")
    @click.option("--con", "constitution", type=int, required=True,
                  help="The Constitution modifier.")
    @encounter_option
    @t.friendly
    def breath_hold(campaign: str, name: str, constitution: int, ref: str | None) -> None:
        """A creature holds its breath: 5 + Constitution modifier rounds of air.

        Example: drawsteel-kit pf2e breath hold campaigns/pf2e-demo Ava --con 2
        """
        t.step(campaign, "hold_breath", ref, name, constitution)


    @breath.command("lose")
    @t.campaign_arg
    @click.argument("name")
    @click.option("--rounds", type=int, default=None, help="Rounds lost (default: all, speaking).")
    @encounter_option
    @t.friendly
    def breath_lose(campaign: str, name: str, rounds: int | None, ref: str | None) -> None:
        """Air lost at once: 1 for a critical hit taken, all for speaking.

        Example: drawsteel-kit pf2e breath lose campaigns/pf2e-demo Ava --rounds 1
        """
        t.step(campaign, "lose_air", ref, name, rounds)


    @breath.command("back")
    @t.campaign_arg
    @click.argument("name")
    @encounter_option
    @t.friendly
    def breath_back(campaign: str, name: str, ref: str | None) -> None:
        """A creature has air again (no longer suffocating).

        Example: drawsteel-kit pf2e breath back campaigns/pf2e-demo Ava
        """
        t.step(campaign, "breathe", ref, name)
