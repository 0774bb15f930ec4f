"""Downtime plans: the YAML a Director writes for a stretch of downtime, read and checked.

A plan says how many days pass, which projects start and which followers join before (or
on) which day, and which heroes rest on which days doing what. ``downtime.resolve`` runs it.
Every mistake is one :class:`~drawsteel_kit.kit.errors.PlanError` naming the file, line, entry,
field and what is allowed, one problem a line::

    plans/week.yaml:14: respites[1] (Bran Ironvein): activity.knowledge: is required

- ``fields``: field types (project references, days, dice, bounded numbers);
- ``model``: the file format, one pydantic model per kind of entry;
- ``read``: YAML in, a checked :class:`Plan` out; ``errors``: the messages;
- ``check``: a plan against a campaign (heroes, projects, followers), before anything runs.
"""

from __future__ import annotations

from drawsteel_kit.systems.draw_steel.plan.check import check_plan
from drawsteel_kit.systems.draw_steel.plan.read import (
    MAX_NODES,
    Plan,
    load_plan,
    parse_plan,
    plan_from_data,
)

__all__ = ["MAX_NODES", "Plan", "check_plan", "load_plan", "parse_plan", "plan_from_data"]
