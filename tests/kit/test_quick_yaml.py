"""libyaml reads campaign files and plans exactly as the pure-Python parser does, where it
reads them at all; everything else (and every error message) is the pure parser's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import REPO, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from systems.draw_steel.test_config import campaigns

from drawsteel_kit.kit import yaml_read
from drawsteel_kit.kit.campaign_file import parse_campaign_text
from drawsteel_kit.kit.errors import CampaignFileError, PlanError
from drawsteel_kit.kit.yaml_read import QUICK_DEPTH, SafeLoader, UniqueKeyLoader, quick_yaml
from drawsteel_kit.systems.draw_steel.campaign_file import CampaignFile, dump_campaign_file
from drawsteel_kit.systems.draw_steel.plans.read import parse_plan

SHIPPED = sorted(
    p for pattern in ("campaigns/*/campaign.yaml", "campaigns/*/plans/*.yaml",
                      "templates/*/campaign.yaml", "templates/*/plans/*.yaml")
    for p in REPO.glob(pattern)
)


def tree(node: yaml.Node | None) -> Any:
    """What a document's nodes say: tag, value, line and column of each."""
    if node is None:
        return None
    at = (node.tag, node.start_mark.line, node.start_mark.column)
    if isinstance(node, yaml.ScalarNode):
        return (*at, node.value)
    if isinstance(node, yaml.SequenceNode):
        return (*at, [tree(child) for child in node.value])
    return (*at, [(tree(key), tree(value)) for key, value in node.value])


def pure(text: str) -> tuple[Any, Any]:
    """The data and nodes the pure-Python loader reads (built into data first, as
    quick_yaml does: a ``<<`` merge changes its mapping's nodes)."""
    loader = UniqueKeyLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
        return data, tree(node)
    finally:
        loader.dispose()


def assert_alike(text: str) -> bool:
    """When libyaml answers for ``text``, the pure parser reads the same data and nodes."""
    quick = quick_yaml(text)
    if quick is None:
        return False
    assert (quick[0], tree(quick[1])) == pure(text), repr(text)
    return True


def test_libyaml_is_there() -> None:
    """PyYAML's wheels and conda build carry libyaml: without it every test here is vacuous."""
    assert hasattr(yaml, "CSafeLoader") and yaml_read._QuickLoader is not None


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(REPO)))
def test_every_shipped_campaign_file_and_plan_is_read_quickly_and_alike(path: Path) -> None:
    assert assert_alike(path.read_text(encoding="utf-8-sig")), f"{path}: left to the pure parser"


def test_the_shipped_files_are_all_there() -> None:
    assert len(SHIPPED) >= 11 and any(p.parent.name == "plans" for p in SHIPPED)


STYLES = st.fixed_dictionaries({
    "default_flow_style": st.sampled_from([False, None, True]),
    "width": st.sampled_from([20, 80, 10_000]),
    "allow_unicode": st.booleans(),
    "indent": st.sampled_from([2, 4]),
    "default_style": st.sampled_from([None, '"', "'"]),
})


@settings(max_examples=examples(30), suppress_health_check=[HealthCheck.too_slow])
@given(campaigns(), STYLES)
def test_generated_campaign_files_in_any_layout_read_alike(cf: CampaignFile,
                                                           style: dict[str, Any]) -> None:
    data = yaml.safe_load(dump_campaign_file(cf))
    text = yaml.safe_dump(data, sort_keys=False, **style)
    assert assert_alike(text) or yaml_read._NOT_QUICK.search(text)  # null is written "null"


#: Pieces of YAML, right and wrong: random text made of them is mostly refused, sometimes read.
PIECES = [
    "a", "b: ", ":", " ", "  ", "\n", "- ", "[", "]", "{", "}", ",", "#", '"', "'", "&x ",
    "*x", "!!str ", "? ", "|", ">", "---", "...", "\t", "%", "1", "0x1", "1.5", "null", "~",
    "yes", "-", "\\", "é", "\u2028", "\x85", "\ufeff", "<<: ", "!", "\r\n", "\r", "\n  ",
    "\n    - ", "x: |\n  ", '"\\t"', "''", "\x07", "2024-01-01", "=", ".inf", '"\\x41"',
    '"\\N\\_\\L\\P\\e\\/\\ "', "|2-\n", ">+\n", "|-\n  a\n   b\n", "<<: *x", "&x {a: 1}",
    "1_000", "0o7", "1:20", "'it''s'", " #c", "x:\n  - y\n  - z: 1\n", "Beware!", "!!int ",
    "x" * 1030, "[" * 30, "{" * 30, "\n   ", "a: b: c",
]


@settings(max_examples=examples(500), suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=30).map("".join))
def test_any_text_libyaml_answers_for_is_read_alike(text: str) -> None:
    assert_alike(text)


#: Text the two parsers read differently, each left to the pure parser.
DIFFERENT = {
    "a bare tag": "a: !\n",
    "a byte-order mark after a line break": "\r\ufeff",
    "a tab after a scalar": "''\t",
    "a comment right after a block scalar's |": " |#''",
    "an empty value in braces": "x: {a: }\n",
    "a document of nothing but ---": "---",
}


def _libyaml(text: str) -> Any:
    loader = yaml.CSafeLoader(text)
    try:
        node = loader.get_single_node()
        return (loader.construct_document(node) if node is not None else None), tree(node)
    except yaml.YAMLError:
        return "refused"
    finally:
        loader.dispose()


@pytest.mark.parametrize("text", DIFFERENT.values(), ids=list(DIFFERENT))
def test_what_libyaml_reads_otherwise_is_left_to_the_pure_parser(text: str) -> None:
    try:
        expected: Any = pure(text)
    except (yaml.YAMLError, RecursionError):
        expected = "refused"
    assert _libyaml(text) != expected  # the two really differ here
    assert quick_yaml(text) is None


def test_nesting_to_quick_depth_is_read_quickly_and_no_further() -> None:
    deep = "[" * 600 + "]" * 600
    assert yaml.compose(deep, Loader=yaml.CSafeLoader) is not None  # libyaml reads it ...
    with pytest.raises(RecursionError):  # ... where the pure parser says "nested too deeply"
        pure(deep)
    assert quick_yaml(deep) is None
    assert assert_alike("- " * (QUICK_DEPTH - 1) + "1")
    assert quick_yaml("- " * QUICK_DEPTH + "1") is None


def _messages(text: str) -> list[str]:
    out = []
    for parse, error in ((parse_campaign_text, CampaignFileError), (parse_plan, PlanError)):
        try:
            out.append(repr(parse(text)))
        except error as exc:
            out.append(str(exc))
    return out


GOOD = (REPO / "campaigns" / "demo" / "campaign.yaml").read_text(encoding="utf-8")
PLAN = (REPO / "campaigns" / "demo" / "plans" / "first-week.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("text", [
    GOOD, PLAN, GOOD.replace("heroes:", "heroes: [", 1), GOOD.replace("might", "mihgt"),
    PLAN.replace("days:", "days: -3 #", 1), PLAN.replace("respites:", "respites: 7 #", 1),
    "a: 1\na: 2\n", "x: 2024-02-31\n", "[" * 45 + "]" * 45, "n: " + "9" * 5000, "- [1, 2\n",
    "&a [*a]", "a: &x 1\nb: *y\n",
])
def test_every_message_is_the_one_the_pure_parser_gives(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    quick = _messages(text)
    monkeypatch.setattr(yaml_read, "_QuickLoader", None)  # as PyYAML without libyaml
    assert _messages(text) == quick


def _read_by(text: str, loader: type[Any]) -> Any:
    """The nodes ``loader`` reads, or its error in full (message, line, column, snippet)."""
    try:
        return tree(yaml.compose(text, Loader=loader))
    except yaml.YAMLError as exc:
        return f"{type(exc).__name__}: {exc}"
    except RecursionError:
        return "nested too deeply"


@settings(max_examples=examples(500), suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=40).map("".join))
def test_the_linear_scanner_reads_and_refuses_as_pyyamls_does(text: str) -> None:
    assert _read_by(text, SafeLoader) == _read_by(text, yaml.SafeLoader)


@pytest.mark.parametrize("text", [
    "[" * 700, "{a: " * 600, "- " * 600 + "1", "[" * 20 + "a\n:" + "]" * 20,
    "? " + "x" * 1100 + "\n: 1", *(f"{'a' * n}: 1" for n in (1010, 1024, 1025, 1030)),
    *(f"[{'a' * n}: 1]" for n in (1010, 1024, 1025)), "{" + "a" * 1030 + ": 1}",
    "key\n  more: 1", "- [a,\n  b]: c",
])
def test_the_linear_scanner_on_deep_and_long_keys(text: str) -> None:
    assert _read_by(text, SafeLoader) == _read_by(text, yaml.SafeLoader)


@settings(max_examples=examples(30), suppress_health_check=[HealthCheck.too_slow])
@given(campaigns())
def test_the_suites_campaign_files_read_back_as_written(cf: CampaignFile) -> None:
    """conftest.write_campaign dumps with libyaml's emitter: its text reads back (with the
    pure parser) as the data written, and for the suite's usual campaign data it is the text
    PyYAML's emitter writes (rarer characters it may write unescaped where PyYAML escapes)."""
    from conftest import DUMPER, HEROES, campaign_data

    assert DUMPER is yaml.CSafeDumper
    data = yaml.safe_load(dump_campaign_file(cf))
    written = yaml.dump(data, Dumper=DUMPER, sort_keys=False, allow_unicode=True)
    assert pure(written)[0] == data
    for usual in (campaign_data(), campaign_data(heroes=HEROES[:1], xp_track="fast")):
        assert yaml.dump(usual, Dumper=DUMPER, sort_keys=False, allow_unicode=True) \
            == yaml.safe_dump(usual, sort_keys=False, allow_unicode=True)
