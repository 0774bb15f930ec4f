"""What a served page is made of (``workbook.serve_page``, ``kit.ui.html.chart``): its HTML
outputs written into the page, everything else as escaped JSON, its charts inert JSON that no
label can break out of. The served pages themselves are tested in test_serve.py."""

from __future__ import annotations

import json
import re

import pytest

from drawsteel_kit.kit.ui.display import display_outputs
from drawsteel_kit.kit.ui.figures import PLOTLY_MIME, Figure
from drawsteel_kit.kit.ui.html import CHART_TYPE, Html, Markup, chart, data_script
from drawsteel_kit.workbook.serve import voila_argv
from drawsteel_kit.workbook.serve_page import EXTENSIONS, FILTER, VOILA_OUTPUT, served_output

EVIL = "</script><script>alert(1)</script><!--"


def _scripts(html: str) -> list[str]:
    return re.findall(r"<script[^>]*>(.*?)</script>", html, flags=re.S)


def test_an_html_output_is_written_as_html() -> None:
    output = {"output_type": "display_data", "metadata": {},
              "data": {"text/html": '<table class="dsk-heroes"><tr><td>Val</td></tr></table>',
                       "text/plain": "x"}}
    written = str(served_output(output))
    assert written.startswith('<div class="lm-Widget jp-RenderedHTMLCommon jp-RenderedHTML')
    assert '<table class="dsk-heroes"><tr><td>Val</td></tr></table>' in written
    assert "<script" not in written
    lines = {**output, "data": {"text/html": ["<p>a</p>\n", "<p>b</p>"]}}  # a file's lines
    assert "<p>a</p>\n<p>b</p>" in str(served_output(lines))


def test_a_widget_output_stays_json_no_text_can_close() -> None:
    output = {"output_type": "execute_result", "metadata": {}, "execution_count": 6,
              "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "abc"},
                       "text/plain": EVIL, "text/html": EVIL}}
    written = str(served_output(output))
    assert written.startswith(f'<script type="{VOILA_OUTPUT}">')
    assert written.count("</script>") == 1 and written.endswith("</script>")
    assert "<!--" not in written
    assert json.loads(_scripts(written)[0]) == output


def test_a_chart_is_inert_json_a_label_cannot_break_out_of() -> None:
    fig = Figure()
    fig.add_trace({"type": "bar", "x": [EVIL], "y": [1], "name": EVIL})
    fig.update_layout(title={"text": EVIL}, height=300)
    (shown,) = display_outputs([fig], served=True)
    html = shown["data"]["text/html"]
    assert list(shown["data"]) == ["text/html"]  # no plotly mimetype: no lab renderer
    assert html.count("</script>") == 1 and "<!--" not in html
    assert f'<script type="{CHART_TYPE}">' in html and 'min-height:300px' in html
    drawn = json.loads(_scripts(html)[0])
    assert drawn["data"][0]["name"] == EVIL and drawn["layout"]["title"]["text"] == EVIL
    assert drawn["config"]["displaylogo"] is False
    (plain,) = display_outputs([fig])  # a notebook's (the Director's): plotly's own
    assert list(plain["data"]) == [PLOTLY_MIME]
    assert str(chart({"data": [], "layout": {}})).startswith(
        '<div class="dsk-chart" style="min-height:360px">')


def test_a_data_script_holds_json_only() -> None:
    assert str(data_script("application/json", {"a": "</script>"})) == \
        '<script type="application/json">{"a":"\\u003c\\/script\\u003e"}</script>'
    with pytest.raises(ValueError, match="JSON"):
        data_script("text/javascript", 1)
    assert isinstance(Html(chart({"data": []})).html, Markup)


def test_voila_is_told_the_filter_and_the_extensions() -> None:
    from traitlets.utils.importstring import import_item

    argv = voila_argv()
    assert f"--VoilaExporter.filters={FILTER[0]}={FILTER[1]}" in argv
    assert import_item(FILTER[1]) is served_output
    allowed = [a.split("=", 1)[1] for a in argv
               if a.startswith("--VoilaConfiguration.extension_allowlist=")]
    assert allowed == list(EXTENSIONS)
