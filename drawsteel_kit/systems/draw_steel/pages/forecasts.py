"""What a player page offers of Draw Steel's forecasts: the projects a viewer may ask "when
will it be done?" of, and the answer as blocks (a curve and a summary line). The front end's
read-only controls (``drawsteel_kit.workbook.player``) show them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.kit.ui.html import Html, Markup
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.pages import charts
from drawsteel_kit.systems.draw_steel.pages.data import visible_projects

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["SUMMARY_CHANCES", "forecast_blocks", "forecast_choices"]

#: The chances the forecast summary names.
SUMMARY_CHANCES = (0.5, 0.9)


def forecast_choices(campaign: Campaign, viewer: str | None,
                     hero: str | None) -> list[tuple[int, str, str]]:
    """The projects under way the viewer may see (``hero``'s only, on a hero's page): each
    as (id, title, the label a control shows)."""
    return [(p.id, p.title, f"{p.title} ({p.hero})")
            for p in visible_projects(campaign, viewer, hero=hero, include_done=False)]


def forecast_blocks(campaign: Campaign, project_id: int, title: str,
                    **whatif: Any) -> list[Any]:
    """A forecast figure and its summary line, or the one-line reason there is none."""
    try:
        curve = campaign.forecast(project_id, **whatif)
    except DrawSteelKitError as exc:
        return [Html(Markup('<p class="dsk-error">{}</p>').format(exc))]
    chances = ", ".join(f"{p:.0%} done within {plural(curve.rolls_for(p), 'day')}"
                        for p in SUMMARY_CHANCES)
    return [Html(Markup("<p>{}: {}.</p>").format(title, chances)),
            charts.forecast_curve(curve, title=title)]
