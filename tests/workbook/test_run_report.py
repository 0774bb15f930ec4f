"""A resolution run's report: what the executed notebook showed, no code, nothing typed
turned into markup, and its charts drawn from the folder's shared plotly.js."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from drawsteel_kit.kit.ui.assets import basic_bundle, license_name
from drawsteel_kit.kit.ui.figures import PLOTLY_MIME
from drawsteel_kit.kit.ui.html import notes
from drawsteel_kit.workbook.run_report import html_report, report_page

HOSTILE = '<script>alert("x")</script><b>bold</b>'


def _notebook() -> dict:
    def code(source: str, outputs: list[dict], tags: tuple[str, ...] = ()) -> dict:
        return {"cell_type": "code", "source": source, "metadata": {"tags": list(tags)},
                "outputs": outputs, "execution_count": 1}

    return {"cells": [
        {"cell_type": "markdown", "metadata": {},
         "source": ["# Resolve a plan\n", "\n", "Run `drawsteel-kit resolve` with ", HOSTILE]},
        code('campaign = "secret-parameter-cell"', [], ("parameters",)),
        code("seed = 7", [{"output_type": "stream", "name": "stdout",
                           "text": "hidden: a parameter cell's output"}],
             ("injected-parameters",)),
        code("run.preview();", [{"output_type": "stream", "name": "stdout",
                                 "text": ["Day 1\n", f"  Val rolls on {HOSTILE}\n"]}]),
        code("show(run.changes())", [
            {"output_type": "display_data", "metadata": {},
             "data": {"text/html": "<table class='dsk-table'><tr><td>&lt;i&gt;</td></tr></table>",
                      "text/plain": "a table"}},
            {"output_type": "display_data", "metadata": {},
             "data": {PLOTLY_MIME: {"data": [{"type": "bar", "y": [1, 2],
                                              "name": "</script><b>x</b>"}],
                                    "layout": {"title": {"text": "XP"}}}}},
            {"output_type": "display_data", "metadata": {},
             "data": {PLOTLY_MIME: {"data": [{"type": "bar", "y": [3]}], "layout": {}}}},
            {"output_type": "execute_result", "metadata": {}, "execution_count": 2,
             "data": {"text/plain": HOSTILE}}]),
        code("run.write();", [{"output_type": "error", "ename": "PlanError",
                               "evalue": f"day 5: no hero named {HOSTILE}",
                               "traceback": ["Traceback (most recent call last)", "x.py"]}]),
    ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def test_the_report_shows_results_not_code_and_typed_text_as_typed() -> None:
    page = str(report_page(_notebook(), f"plan {HOSTILE}, seed 7"))
    assert "<script>alert" not in page and "<b>bold</b>" not in page
    assert page.count("&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;") == 6
    assert "<h1>Resolve a plan</h1>" in page
    assert "<code>drawsteel-kit resolve</code>" in page
    for code in ("secret-parameter-cell", "run.preview", "show(run.changes())", "seed = 7",
                 "hidden: a parameter cell", "Traceback", "PlanError"):
        assert code not in page, code
    assert "Day 1\n  Val rolls on" in page  # printed output kept as printed
    assert "<td>&lt;i&gt;</td>" in page  # the HTML a cell displayed, as it was
    assert page.count('class="dsk-chart-data"') == 2 and "\\u003c\\/script\\u003e" in page
    assert len(set(re.findall(r'id="(chart-[0-9]+)"', page))) == 2  # each chart its own
    assert "a table" not in page  # the HTML shown, not its plain-text copy
    chart = page.index('class="dsk-chart-data"')
    assert page.index("Resolve a plan") < page.index("Day 1") < chart \
        < page.index("day 5: no hero named")


def test_notes_are_headings_and_paragraphs_and_nothing_else_is_markup() -> None:
    assert str(notes("## Preview\n\nA dry run:\nthe real run's code.")) == (
        "<h2>Preview</h2>\n<p>A dry run: the real run&#39;s code.</p>")
    assert str(notes("* a list `x`\n\n[a link](javascript:alert(1))")) == (
        "<p>* a list <code>x</code></p>\n<p>[a link](javascript:alert(1))</p>")
    assert str(notes("####### seven\n\n`<i>` and ` ")) == (
        "<p>####### seven</p>\n<p><code>&lt;i&gt;</code> and `</p>")
    assert str(notes("")) == ""


def test_a_report_opens_with_the_shared_plotly_and_loads_no_nbconvert(tmp_path: Path) -> None:
    notebook = tmp_path / "run.ipynb"
    notebook.write_text(json.dumps(_notebook()), encoding="utf-8")
    code = ("import sys; from pathlib import Path; "
            "from drawsteel_kit.workbook.run_report import html_report; "
            f"html_report(Path({str(notebook)!r}), Path({str(tmp_path / 'run.html')!r})); "
            "print(sorted(m for m in ('nbconvert', 'nbformat', 'bs4', 'mistune', 'jinja2') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "[]"
    page = (tmp_path / "run.html").read_text(encoding="utf-8")
    shared = sorted(p.name for p in tmp_path.glob("plotly-*.js"))
    assert len(shared) == 1
    # plotly.js's basic bundle and its license, loaded after the text: the text shows first
    assert shared == [basic_bundle().name] and (tmp_path / license_name()).is_file()
    assert "<script" not in page[:page.index("</head>")]
    assert page.index("Day 1") < page.index(f'<script src="{shared[0]}" defer></script>')
    again = html_report(notebook, tmp_path / "again.html")
    assert again.read_text(encoding="utf-8") == page
    assert sorted(p.name for p in tmp_path.glob("plotly-*.js")) == shared
