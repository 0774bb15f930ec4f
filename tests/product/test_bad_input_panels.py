"""Bad input at the Director's panels: set a panel's inputs to what a Director gets wrong,
click any of its buttons, and the panel shows what happened or one escaped line saying what
to fix, never a traceback and never its "Something went wrong inside drawsteel-kit" line
(which is how a panel reports an error that is not one of ours, that is a bug).

Every text box, number box, dropdown, checkbox and multiple choice of every panel (the
respite panel's per-hero rows too) is set by hypothesis: odd unicode and markup in text,
negative and huge numbers in number boxes (bounded ones clamp, as in the browser), every
option of a dropdown including "(none)". A refusal leaves projections and history as they
were; an accepted click leaves books that agree with their history. test_panels.py walks
through each panel's intended use.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from bad_input_strategies import Pristine, books, huge_ints, odd_text
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("ipywidgets")

import ipywidgets as W

from drawsteel_kit.systems.draw_steel import panels as P
from drawsteel_kit.systems.draw_steel.campaign import Campaign

SHARED = settings(max_examples=examples(40),
                  suppress_health_check=[HealthCheck.function_scoped_fixture,
                                         HealthCheck.too_slow])
#: How a panel reports an exception that is not one of drawsteel-kit's own (a bug).
NOT_OURS = "Something went wrong inside drawsteel-kit"
#: What lands in a number box: anything, huge either way, and SQLite's 64-bit edges.
numbers = st.one_of(st.integers(), huge_ints, huge_ints.map(lambda n: -n),
                    st.sampled_from([0, -1, 1, 2**63 - 1, 2**63, -(2**63), -(2**63) - 1]))
PANELS = {cls.__name__: cls for cls in P.PANELS}


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Campaign, Pristine]]:
    camp = books(tmp_path_factory.mktemp("panels") / "camp")
    try:
        yield camp, Pristine(camp)
    finally:
        camp.close()


def inputs(panel: P.Panel) -> dict[str, W.ValueWidget]:
    """Every control a Director sets, by name (a respite row's as ``rows[Val].dice``)."""
    def controls(owner: object, prefix: str = "") -> dict[str, W.ValueWidget]:
        return {f"{prefix}{name}": w for name, w in vars(owner).items()
                if isinstance(w, W.ValueWidget) and not isinstance(
                    w, W.HTML | W.Label | W.IntProgress)}

    found = controls(panel)
    for hero, row in getattr(panel, "rows", {}).items():
        found.update(controls(row, f"rows[{hero}]."))
    return found


def buttons(panel: P.Panel) -> dict[str, W.Button]:
    return {name: b for name, b in vars(panel).items() if isinstance(b, W.Button)}


def set_value(widget: W.ValueWidget, data: st.DataObject, text: st.SearchStrategy[str],
              label: str) -> object:
    """Set one control the way a Director can: any text, any number (a bounded box clamps
    it, as the browser does), any option of a choice."""
    if isinstance(widget, W.SelectMultiple):
        count = len(widget.options)
        widget.index = tuple(data.draw(st.sets(st.integers(0, count - 1)) if count
                                       else st.just(set()), label=label))
    elif isinstance(widget, W.Dropdown | W.Select):
        if widget.options:
            widget.index = data.draw(st.integers(0, len(widget.options) - 1), label=label)
    elif isinstance(widget, W.Checkbox):
        widget.value = data.draw(st.booleans(), label=label)
    elif isinstance(widget, W.IntText | W.BoundedIntText):
        widget.value = data.draw(numbers, label=label)
    elif isinstance(widget, W.Text):
        widget.value = data.draw(text, label=label)
    return widget.value


def markup_left(html_value: str) -> str:
    """What is left of a message's HTML once the panel's own wrapper and line breaks go."""
    inner = re.sub(r"^<div style='[^']*'>|</div>$", "", html_value)
    return inner.replace("<br>", "")


def check_click(camp: Campaign, pristine: Pristine, panel: P.Panel, button: W.Button,
                typed: list[object]) -> None:
    """Click: a result, or one escaped line of ours; a refusal changes nothing."""
    try:
        button.click()
        text = panel.message_text
        assert NOT_OURS not in text, text
        assert "Traceback" not in text and "Traceback" not in panel.message.value
        assert "<" not in markup_left(panel.message.value), panel.message.value
        for value in typed:  # whatever was typed, every HTML of the panel shows it escaped
            if isinstance(value, str) and "<" in value and len(value.strip()) > 1:
                for name, html in vars(panel).items():
                    if isinstance(html, W.HTML):
                        assert value not in html.value, f"{name} shows {value!r} unescaped"
        if panel.ok:
            assert camp.ledger.verify(), "projections differ from a replay after the click"
        else:
            assert text.strip() and len(text.splitlines()) == 1, text
            assert pristine.unchanged(camp), "a refused click changed the books"
    finally:
        assert not camp.ledger.db.conn.in_transaction
        pristine.restore(camp)


@pytest.mark.parametrize("name", PANELS)
@SHARED
@given(data=st.data())
def test_any_values_and_any_button_give_a_result_or_one_clear_line(
        shared: tuple[Campaign, Pristine], name: str, data: st.DataObject) -> None:
    camp, pristine = shared
    panel = PANELS[name](camp)
    controls = inputs(panel)
    clickable = buttons(panel)
    if not clickable:
        pytest.skip(f"{name} has no button")
    typed = []
    if controls:
        for key in data.draw(st.lists(st.sampled_from(sorted(controls)), min_size=1,
                                      max_size=4, unique=True), label="controls"):
            typed.append(set_value(controls[key], data, odd_text, key))
    button = clickable[data.draw(st.sampled_from(sorted(clickable)), label="button")]
    check_click(camp, pristine, panel, button, typed)


def test_the_check_notices_a_bug_a_second_line_and_a_write(shared) -> None:
    """The positive controls: a panel saying an error was not ours, an error of two lines,
    and a refusal after a write are each caught."""
    camp, pristine = shared
    panel = P.NpcPanel(camp)
    stub = W.Button()
    stub.on_click(lambda _b: panel.attempt(lambda: {}["Duke"]))
    with pytest.raises(AssertionError, match=NOT_OURS):
        check_click(camp, pristine, panel, stub, [])
    two = W.Button()
    two.on_click(lambda _b: panel.say("first line\nsecond line", ok=False))
    with pytest.raises(AssertionError, match="second line"):
        check_click(camp, pristine, panel, two, [])
    wrote = W.Button()
    wrote.on_click(lambda _b: (camp.add_note("a note"), panel.say("refused", ok=False)))
    with pytest.raises(AssertionError, match="changed the books"):
        check_click(camp, pristine, panel, wrote, [])
    assert pristine.unchanged(camp)


def test_markup_typed_into_a_panel_is_shown_escaped_everywhere(shared) -> None:
    """An item, an NPC and a title named with markup are written and shown as text."""
    camp, pristine = shared
    shown = "<img src=x onerror=alert(1)>"
    try:
        inventory = P.InventoryPanel(camp)
        inventory.item.value = shown
        inventory.add_button.click()
        assert inventory.ok, inventory.message_text
        assert camp.item(shown).item == shown
        assert shown not in inventory.table.value and "&lt;img" in inventory.table.value
        npcs = P.NpcPanel(camp)
        npcs.name.value = shown
        npcs.add_button.click()
        assert npcs.ok and shown not in npcs.table.value and "&lt;img" in npcs.table.value
    finally:
        pristine.restore(camp)


# --- ids beyond SQLite, text that is not unicode -----------------------------------------------


@pytest.mark.parametrize("event", [2**63, 10**30])
def test_undoing_an_event_id_too_big_for_sqlite_is_one_clear_line(shared, event: int) -> None:
    camp, pristine = shared
    panel = P.HistoryPanel(camp)
    panel.event_id.value = event
    check_click(camp, pristine, panel, panel.undo_button, [])


#: A text box of each panel that writes what is typed (or looks a name up with it).
TEXT_BOXES: dict[str, tuple[type[P.Panel], str, str]] = {
    "victory reason": (P.SessionPanel, "victory_reason", "award_victories_button"),
    "item": (P.InventoryPanel, "item", "add_button"),
    "npc": (P.NpcPanel, "name", "add_button"),
    "renown reason": (P.WealthPanel, "reason", "renown_button"),
    "project title": (P.ProjectsPanel, "project_title", "start_button"),
}


@pytest.mark.parametrize("which", TEXT_BOXES)
def test_text_that_is_not_valid_unicode_is_one_clear_line(shared, which: str) -> None:
    camp, pristine = shared
    cls, box, button = TEXT_BOXES[which]
    panel = cls(camp)
    if isinstance(panel, P.ProjectsPanel):
        panel.results.value = "Discover Lore"
        panel.params.value = "kind=lost"
    for hero in ("hero", "title_hero"):
        if hasattr(panel, hero):
            getattr(panel, hero).index = 0
    getattr(panel, box).value = "caf\udce9"
    check_click(camp, pristine, panel, getattr(panel, button), ["caf\udce9"])
