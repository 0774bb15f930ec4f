"""What every Director panel shares: a message line, running a campaign call, a preview.

A panel's callbacks only gather widget values and call one :class:`Campaign` method;
errors of ours (:class:`DrawSteelKitError`) are shown in the panel's message, in plain
words, never as a traceback. After every change the panel (and, inside a workbook,
every panel) re-reads the campaign.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import ipywidgets as W

from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.kit.ui.html import Markup, lines, table

if TYPE_CHECKING:  # any system's campaign: a panel names the one it works on (Panel[...])
    from drawsteel_kit.kit.book.campaign import BaseCampaign as Campaign

__all__ = ["WORKBOOK_CLASS", "WORKBOOK_STYLE", "ModeFields", "Panel", "html_table", "preview",
           "split_list"]

T = TypeVar("T")

OK_STYLE = "color:#1b5e20"
ERROR_STYLE = "color:#b71c1c"


def preview(campaign: Campaign, action: Callable[[], T]) -> T:
    """Run ``action`` in :meth:`Campaign.transaction` with ``rollback``: nothing lands (the
    same path as a plan's dry run)."""
    with campaign.transaction(rollback=True):
        result = action()
    return result


def split_list(text: str) -> tuple[str, ...]:
    """Comma-separated words from a text box, blanks dropped."""
    return tuple(part.strip() for part in text.split(",") if part.strip())


#: The workbook's tab bar: each tab as wide as its whole label (ipywidgets' fixed 144 px
#: cut "Inventory & titles" to "Inventory &"), wrapping onto a second row when a narrow
#: screen (a laptop's 1024 px beside JupyterLab's file browser) cannot hold them all.
WORKBOOK_CLASS = "dsk-workbook"
WORKBOOK_STYLE = Markup("""<style>
.dsk-workbook > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
.dsk-workbook > .lm-TabBar .lm-TabBar-tab { flex: 0 0 auto !important; max-width: none;
  min-width: 0; }
.dsk-workbook > .lm-TabBar .lm-TabBar-tabLabel { overflow: visible; text-overflow: clip; }
</style>""")

#: A panel table's cells: compact, left-aligned.
CELL_STYLE = "text-align:left;padding:2px 8px"


def html_table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> Markup:
    """A small HTML table, every cell escaped (``kit.ui.html.table``), headers even when empty."""
    return table(headers, rows, empty=None, cell_style=CELL_STYLE)


class ModeFields:
    """A picker (a dropdown or toggle buttons) and, beside it, only the chosen mode's fields.

    Every field is built once and kept: switching modes hides the others
    (``layout.display = "none"``), so what was typed survives switching away and back.
    ``fields`` maps each mode to its widgets; a widget may serve several modes; a mode
    missing from the mapping shows no field."""

    def __init__(self, picker: W.ValueWidget, fields: Mapping[Any, Sequence[W.Widget]],
                 *, stacked: bool = False) -> None:
        self.picker = picker
        self.fields = {mode: tuple(widgets) for mode, widgets in fields.items()}
        self.every: tuple[W.Widget, ...] = tuple(dict.fromkeys(
            w for widgets in self.fields.values() for w in widgets))
        #: The fields in one wrapping row (``stacked``: one under another), in the order
        #: first named, to place in a panel.
        self.box = (W.VBox(list(self.every)) if stacked else
                    W.Box(list(self.every), layout=W.Layout(flex_flow="row wrap")))
        #: Pickers inside this one's fields (a recruit's role showing the artisan's
        #: physical characteristic), applied after this one.
        self.nested: list[ModeFields] = []
        picker.observe(lambda _change: self.show(), names="value")
        self.show()

    def nest(self, inner: ModeFields) -> ModeFields:
        """Put ``inner`` (whose picker is one of these fields) under this picker."""
        self.nested.append(inner)
        self.show()
        return inner

    @classmethod
    def choice(cls, description: str, fields: Mapping[str, Sequence[W.Widget]], *,
               stacked: bool = True) -> ModeFields:
        """Toggle buttons named by ``fields``' keys ("Recruit", "Dismiss" ...), the first
        chosen, over the chosen one's fields (rows of a panel, one under another)."""
        picker = W.ToggleButtons(options=list(fields), description=description)
        picker.style.button_width = "auto"
        return cls(picker, fields, stacked=stacked)

    @cached_property
    def widget(self) -> W.VBox:
        """The picker above its fields."""
        return W.VBox([self.picker, self.box])

    @property
    def mode(self) -> Hashable:
        return self.picker.value

    def visible(self) -> tuple[W.Widget, ...]:
        """The chosen mode's fields."""
        return self.fields.get(self.mode, ())

    def show(self) -> None:
        """Show the chosen mode's fields, hide every other one."""
        shown = set(map(id, self.visible())) if self.is_shown(self.picker) else set()
        for widget in self.every:
            widget.layout.display = None if id(widget) in shown else "none"
        for inner in self.nested:
            inner.show()

    @staticmethod
    def is_shown(widget: W.Widget) -> bool:
        return widget.layout.display != "none"


#: The campaign a panel works on: a system's panels name that system's campaign class.
C = TypeVar("C", bound="Campaign")


class Panel(Generic[C]):
    """A panel on one campaign: widgets as attributes, ``widget`` to display, ``message``."""

    title = "Panel"
    #: The container ``widget`` shows, built by each panel.
    _box: W.Widget

    def __init__(self, campaign: C) -> None:
        self.campaign = campaign
        self.message = W.HTML()
        self.message_text = ""
        self.ok = True
        #: Called after every change this panel makes (the workbook refreshes every panel).
        self.on_change: Callable[[], None] | None = None

    @property
    def widget(self) -> W.Widget:
        """The container to display."""
        return self._box

    def refresh(self) -> None:
        """Re-read the campaign's state into the widgets."""

    def say(self, text: str, *, ok: bool = True) -> None:
        """Show one result or error, escaped."""
        self.message_text, self.ok = text, ok
        style = OK_STYLE if ok else ERROR_STYLE
        self.message.value = Markup("<div style='{};white-space:pre-wrap'>{}</div>").format(
            style, lines(text))

    def attempt(self, action: Callable[[], Any]) -> Any:
        """Run ``action`` (a read or a check); errors become the message. None on error."""
        try:
            return action()
        except DrawSteelKitError as exc:
            self.say(str(exc), ok=False)
        except Exception as exc:  # a bug of ours: still no traceback
            self.say(f"Something went wrong inside drawsteel-kit ({type(exc).__name__}: {exc}); "
                     "nothing was written. Please report it.", ok=False)
        return None

    def run(self, action: Callable[[], Any], describe: Callable[[Any], str] = str) -> Any:
        """Run one change; show what happened, then refresh. Returns None on error."""
        result = self.attempt(action)
        if result is None:
            return None
        details = getattr(result, "details", None)
        notes = details.get("warnings", ()) if isinstance(details, dict) else ()
        self.say("\n".join([describe(result), *(f"Note: {n}" for n in notes)]))
        self.changed()
        return result

    def changed(self) -> None:
        """Refresh after a change: every panel of the workbook, or this one alone."""
        if self.on_change is not None:
            self.on_change()
        else:
            self.refresh()

    def hero_options(self) -> list[str]:
        """The campaign's members by name: Draw Steel's heroes, another system's characters."""
        return list(self.campaign.members)

    @staticmethod
    def button(description: str, handler: Callable[[], None], style: str = "") -> W.Button:
        b = W.Button(description=description, button_style=style)
        b.on_click(lambda _b: handler())
        return b
