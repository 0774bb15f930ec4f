"""``drawsteel-kit pf2e show`` and ``list``: an encounter as the Director or the players see
it, and every encounter."""

from __future__ import annotations

import json
from typing import Any

import click

from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.pf2e.cli.base import Tools, encounter_option, pf2e
from drawsteel_kit.systems.pf2e.party_view import listing
from drawsteel_kit.systems.pf2e.rules.checks import target_ac

__all__ = ["register"]


def register(t: Tools) -> None:
    """Add ``show`` and ``list`` to ``drawsteel-kit pf2e`` (with the root CLI's helpers)."""
    @pf2e.command("show")
    @t.campaign_arg
    @click.option("--player", is_flag=True, help="What the players see (hidden names kept).")
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    @encounter_option
    @t.friendly
    def show(campaign: str, player: bool, as_json: bool, ref: str | None) -> None:
        """Show an encounter: the order, whose turn, actions, effects.

        Example: drawsteel-kit pf2e show campaigns/pf2e-demo --player
        """
        with t.open_campaign(campaign, readonly=True) as camp:
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
        state = info.state
        rows = view["combatants"] if player else [
            {**row, "name": name, "hp": state.get(name).hp, "max_hp": state.get(name).max_hp,
             "ac": target_ac(state.get(name))}
            for row, name in zip(view["combatants"], listing(state), strict=False)]
        for row in rows:
            marks = [f"init {row.get('initiative')}"] if row.get("initiative") is not None else []
            if row.get("acting"):
                marks.append(f"ACTING, {plural(row['actions'], 'action')}")
            marks.append("reaction" if row.get("reaction") else "no reaction")
            marks += [f"{e['name']} ({e['rounds']})" for e in row.get("effects", [])]
            marks += [f"persistent {p['damage']} {p['type']}" for p in row.get("persistent", [])]
            marks += ["delaying"] * bool(row.get("delaying"))
            marks += [f"{k} {v}" for k, v in row.get("conditions", {}).items()]
            if row.get("hp") is not None:
                marks.append(f"{row['hp']}/{row['max_hp']} HP")
            if row.get("ac") is not None:
                marks.append(f"AC {row['ac']}")
            marks += [f"{row['cover']} cover"] * bool(row.get("cover"))
            marks += ["off-guard"] * bool(row.get("off_guard"))
            if row.get("attack_penalty"):
                marks.append(f"next attack {row['attack_penalty']}")
            if row.get("air") is not None:
                marks.append(f"air {row['air']}")
            if row.get("mount_of"):
                marks.append(f"{row['mount_of']}'s mount")
            click.echo(f"  {row['name']}: " + ", ".join(marks))
        out = view["out"] if player else [c.name for c in info.state.combatants
                                          if c.status != "active"]
        if out:
            click.echo("  out: " + ", ".join(out))


    @pf2e.command("list")
    @t.campaign_arg
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    @t.friendly
    def list_encounters(campaign: str, as_json: bool) -> None:
        """List the encounters, running and ended.

        Example: drawsteel-kit pf2e list campaigns/pf2e-demo
        """
        with t.open_campaign(campaign, readonly=True) as camp:
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
