"""Draw Steel, the default system: heroes, respites, downtime projects, followers, renown
and wealth (the Heroes book and the Rules Reference)."""

from drawsteel_kit.kit.registry import System

#: Draw Steel's commands, by the module of its ``cli/`` package that holds each.
_COMMANDS = tuple(
    (name, f"cli.{module}")
    for module, names in (
        ("sessions", "session adventure victories tokens respite day move adjust"),
        ("encounters", "encounter"), ("followers", "followers"), ("heroes", "heroes"),
        ("inventory", "inventory"), ("npcs", "npc notes"), ("projects", "project forecast"),
        ("rewards", "renown wealth buy shopping"), ("titles", "titles"))
    for name in names.split())

SYSTEM = System(
    "draw-steel", "Draw Steel", __name__.rsplit(".", 1)[0], default=True,
    source="Draw Steel: the Heroes book, the Rules Reference (v1.02)",
    campaign="campaign:Campaign",
    parts=(("init", "init"), ("migrations", "ledger"), ("plans", "plans"), ("report", "report")),
    secret_names=("encounter",), commands=_COMMANDS, template="campaign",
    notebooks=("forecast.ipynb",))
