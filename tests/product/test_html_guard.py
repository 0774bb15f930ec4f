"""No module builds HTML by hand: tags are written only as literal ``Markup("...")`` templates.

Every page and panel is built through ``drawsteel_kit/kit/ui/html.py`` (markupsafe): a literal
template's ``{}`` arguments are escaped unless they are Markup already. This scan of every
module's syntax tree refuses the bug class of issue 15 (a name put into an f-string of HTML):
an f-string, a ``+``/``%``/``.format`` on a plain string, or any string holding a tag outside
a ``Markup(...)`` call, and a ``Markup(...)`` of anything but a literal.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from source_trees import PACKAGE, docstring_ids, nodes, tree
from source_trees import modules as all_modules

#: The one templating module: the only place that may wrap computed text in Markup.
TEMPLATING = PACKAGE / "kit" / "ui" / "html.py"
#: HTML elements a page could be built of (``<roll>``, a plan's own tag, is not one).
ELEMENTS = ("a|abbr|article|aside|audio|b|body|br|button|caption|code|col|details|div|dl|dt|"
            "dd|em|embed|form|figure|footer|h1|h2|h3|h4|h5|h6|head|header|hr|html|i|iframe|img|"
            "input|label|li|link|main|meta|nav|object|ol|option|p|pre|s|script|section|select|"
            "small|source|span|strong|style|sub|summary|sup|svg|table|tbody|td|textarea|tfoot|"
            "th|thead|title|tr|u|ul|video")
#: An HTML tag: ``<p>``, ``<td class=...``, ``</b>``, ``<!DOCTYPE``, ``<!--`` (not a regular
#: expression's look-behind, ``(?<!...)``).
TAG = re.compile(r"<(?:/?(?:" + ELEMENTS + r")(?=[\s/>])|!(?:doctype|--|\[cdata))",
                 re.IGNORECASE)
#: A plotly hover template (``%{y}``, ``<extra>``): plotly draws it as SVG text, not HTML.
PLOTLY = re.compile(r"%\{|<extra>")


def _tags(text: str) -> bool:
    if PLOTLY.search(text):
        text = re.sub(r"</?(?:extra|br)>", "", text)
    return bool(TAG.search(text))


def _is_markup(call: ast.AST) -> bool:
    if not isinstance(call, ast.Call):
        return False
    f = call.func
    return (isinstance(f, ast.Name) and f.id == "Markup") or (
        isinstance(f, ast.Attribute) and f.attr == "Markup")


def problems(source: str, where: str) -> list[str]:
    """Each place in ``source`` that builds HTML outside a literal Markup template."""
    return problems_in(ast.parse(source), where)


def problems_in(module: ast.Module, where: str,
                walked: tuple[ast.AST, ...] | None = None) -> list[str]:
    """Each place in the syntax tree ``module`` that builds HTML outside a literal Markup
    template (``walked``: its nodes in ``ast.walk`` order, when source_trees has them)."""
    walked = walked if walked is not None else tuple(ast.walk(module))
    docs = docstring_ids(module, walked)
    templates: set[int] = set()
    out = []
    for node in walked:
        if _is_markup(node):
            args = [*node.args, *(k.value for k in node.keywords)]
            if len(args) > 1 or (args and not (isinstance(args[0], ast.Constant)
                                               and isinstance(args[0].value, str))):
                out.append(f"{where}:{node.lineno}: Markup() of something not a literal "
                           "template (build it in kit/ui/html.py)")
            templates.update(id(a) for a in args)
    for node in walked:
        if isinstance(node, ast.JoinedStr):
            literal = "".join(v.value for v in node.values
                              if isinstance(v, ast.Constant) and isinstance(v.value, str))
            if _tags(literal):
                out.append(f"{where}:{node.lineno}: an f-string builds HTML (use a "
                           "Markup(\"...\").format() template)")
            for v in node.values:  # its literal parts are judged here, not again below
                templates.add(id(v))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docs and id(node) not in templates and _tags(node.value)):
            out.append(f"{where}:{node.lineno}: HTML in a plain string (write it as a "
                       "Markup(\"...\") template)")
    return out


def modules() -> list[Path]:
    return [p for p in all_modules() if p != TEMPLATING]


def test_the_scan_finds_the_bug_class() -> None:
    """The scan itself can fail: each way of building HTML by hand is caught."""
    caught = [
        'html = f"<p>{name}</p>"',  # issue 15's bug
        'html = "<b>" + name + "</b>"',
        'html = "<td>%s</td>" % name',
        'html = "<li>{}</li>".format(name)',
        'html = Markup(f"<p>{name}</p>")',
        "html = Markup(name)",
        'html = Markup("<p>" + name)',
        'widget.value = "<br>".join(names)',
        "html = '<a href=\"' + href + '\">'",
    ]
    for line in caught:
        assert problems(line, "x"), line
    fine = [
        'html = Markup("<p>{}</p>").format(name)',
        'html = Markup("<br>").join(names)',
        'text = f"{a} < {b} and {c}<5"',
        'hover = "day %{x}<br>%{y}<extra>%{fullData.name}</extra>"',
        'def f():\n    """Returns ``<p>`` blocks."""',
    ]
    for line in fine:
        assert not problems(line, "x"), line


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_builds_html_by_hand(path: Path) -> None:
    assert problems_in(tree(path), str(path.relative_to(PACKAGE)), nodes(path)) == []
