"""Every command, walked from the click groups, with hypothesis-drawn argument lists.

The cases in test_bad_input_cli.py put one bad value into an otherwise good command line;
here whole command lines are drawn from each command's own parameters: names from the
books and near misses, numbers with signs, huge and in words, odd text, FIELD=VALUE pairs
whose field clashes with a Python parameter (``name=``, ``reason=``, ``self=``), options
repeated or left out, arguments missing or one too many. Whatever comes, the command either
succeeds (the books still agree with their history) or exits non-zero with one ``Error:``
line that is no traceback and names no Python exception, and the ledger is byte for byte as
it was. A command added later is walked too; `serve` (which would run until stopped) is
covered by the one-value cases instead.
"""

from __future__ import annotations

import re

import click
import pytest
from bad_input_strategies import FOLLOWER, ITEM, NPC, PROJECT, huge_ints, odd_text, one_line
from cli_helpers import LEAKS
from click.testing import CliRunner
from conftest import examples, ledger_fingerprint
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawsteel_kit.cli import main
from drawsteel_kit.kit.book.campaign import BaseCampaign
from product.test_bad_input_cli import (  # noqa: F401  (fixtures)
    Books,
    cs_shelf,
    dw_shelf,
    pf2e_shelf,
    shelf,
)

WALK = settings(max_examples=examples(8), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

#: Commands that run until stopped (a server, JupyterLab): never started here.
LONG_RUNNING = frozenset({"serve", "lab"})
#: Commands whose refusal may list several problems (a plan's), one per line.
MANY_LINES = frozenset({"resolve", "dw town"})
#: What each system's commands act on.
SHELF_OF = {"dw": "dw_shelf", "pf2e": "pf2e_shelf", "sheet": "cs_shelf"}
NAMES = {
    "shelf": ("Val", "Bran", "Yorn", PROJECT, FOLLOWER, ITEM, NPC, "Discover Lore", "sage",
              "Mayor", "Healing Potion", "fame", "Rope", "stamina", "1"),
    "dw_shelf": ("Ava", "Brother Odo", "Nim", "Zora", "carouse", "make_camp", "supply",
                 "hp", "coin"),
    "pf2e_shelf": ("Ava", "Cressida", "Goblin", "Mitflit", "Ambush", "Rolled", "2",
                   "Bless", "fire", "Strike"),
    "cs_shelf": ("Cleo", "Warden", "Bram", "Eli", "Dara", "Fresh", "Tied", "2", "cast",
                 "damage", "heal_damage"),
}
#: FIELD=VALUE pairs, and pairs whose field is a parameter of the Python call behind them.
PAIRS = st.one_of(
    st.sampled_from(['name="Other"', "name=Other", "reason=1", 'reason="x"', "self=1",
                     "who=Ava", "visibility=director", "hero=Val", "campaign=x", "move=x",
                     "seed=1", "dice=[1]", "dry_run=true", "params={}"]),
    st.sampled_from(["xp=-1000", "hp=-5", "coin=99999999999999999999", "might=-9", "=3",
                     "xp=", "xp", "Val=", "Val=Changes kit", "kind=lost", "characteristics={}",
                     "titles=[]", "price=-1", "item=Rope"]),
    st.tuples(st.sampled_from(["xp", "Val", "kind", "might", "hp", "coin", "name", "reason"]),
              odd_text.filter(lambda s: "\x00" not in s)).map("=".join),
)
NUMBERS = st.one_of(
    st.sampled_from(["0", "-1", "-0", "+3", "-1000", "1.5", "1e3", "NaN", "inf", "", "one",
                     "½", "0x10", "1_000", "٣", "²", "--1", "99999999999999999999",
                     "-99999999999999999999"]),
    st.integers(min_value=-10**6, max_value=10**6).map(str),
    huge_ints.map(str), huge_ints.map(lambda n: str(-n)),
)
TEXT = odd_text.filter(lambda s: "\x00" not in s)


def commands(group: click.Group = main, path: tuple[str, ...] = ()
             ) -> list[tuple[str, click.Command]]:
    """Every leaf command, by its full name (``project start``), as
    tests/product/test_docs.py walks."""
    found = []
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += commands(command, (*path, name))
        else:
            found.append((" ".join((*path, name)), command))
    return found


WALKED = [name for name, _ in commands() if name not in LONG_RUNNING]


def _value(draw: st.DrawFn, param: click.Parameter, books: Books, shelf_name: str) -> str:
    """One value for ``param``: most often a plausible one, else something odd."""
    if param.name == "campaign":
        return draw(st.sampled_from([str(books.folder)] * 9 + ["nowhere", "", "-1"]))
    kind = param.type
    good: list[str] = list(NAMES[shelf_name])
    if isinstance(kind, click.Choice):
        good = [str(c) for c in kind.choices]
    elif isinstance(kind, click.Path):
        good = [f"{books.tmp}/out-{n}" for n in range(3)] + [f"{books.tmp}/site",
                                                             str(books.folder)]
    elif isinstance(kind, click.types.IntParamType):
        good = ["1", "2", "3"]
    if "=" in (param.metavar or "") and draw(st.integers(0, 9)) < 7:  # FIELD=VALUE...
        return draw(PAIRS)
    pick = draw(st.integers(0, 9))
    if pick < 5:
        return draw(st.sampled_from(good))
    if pick < 7:
        return draw(NUMBERS)
    if pick < 9:
        return draw(PAIRS)
    return draw(TEXT if param.multiple else TEXT.filter(one_line))


@st.composite
def command_lines(draw: st.DrawFn, command: click.Command, books: Books,
                  shelf_name: str) -> list[str]:
    """Arguments in order, some options (repeated or not), then one argument dropped or
    one more added now and then."""
    argv: list[str] = []
    for param in command.params:
        if not isinstance(param, click.Argument):
            continue
        count = draw(st.integers(1, 3)) if param.nargs == -1 else 1
        argv += [_value(draw, param, books, shelf_name) for _ in range(count)]
    options = [p for p in command.params if isinstance(p, click.Option) and not p.hidden
               and p.name != "help"]
    required = [p for p in options if p.required]
    for option in required + draw(st.lists(st.sampled_from(options), max_size=4) if options
                                  else st.just([])):
        flag = draw(st.sampled_from(option.opts))
        if option.is_flag or option.count:
            argv.append(flag)
        else:
            argv += [flag, _value(draw, option, books, shelf_name)]
    shape = draw(st.integers(0, 9))
    if shape == 0 and argv:
        del argv[draw(st.integers(0, len(argv) - 1))]
    elif shape == 1:
        argv.append(draw(st.sampled_from(["extra", "-1", "--", "--nope", "Val"])))
    return argv


def _check(books: Books, argv: list[str], many_lines: bool) -> None:
    result = CliRunner().invoke(main, argv, prog_name="drawsteel-kit")
    try:
        escaped = result.exception
        assert escaped is None or isinstance(escaped, SystemExit), (
            f"{type(escaped).__name__} escaped {argv}: {escaped}")
        out = result.output
        assert "Traceback" not in out and 'File "' not in out, out
        if result.exit_code == 0:
            with BaseCampaign.open(books.folder, readonly=True) as camp:
                assert camp.ledger.verify(), f"{argv}: projections differ from history"
            return
        errors = [line for line in out.splitlines() if line.startswith("Error:")]
        assert len(errors) == 1, out
        assert not LEAKS.search(errors[0].removeprefix("Error: ")), errors[0]
        if result.exit_code == 1 and not many_lines:  # ours: the error and nothing else
            assert len(out.strip().splitlines()) == 1, out
        assert ledger_fingerprint(books.ledger) == books.fingerprint, f"{argv}: a refusal wrote"
    finally:
        if ledger_fingerprint(books.ledger) != books.fingerprint:
            books.restore()


@pytest.mark.parametrize("name", WALKED)
@WALK
@given(data=st.data())
def test_every_command_line_drawn_is_done_right_or_refused_in_one_clear_line(
        request: pytest.FixtureRequest, name: str, data: st.DataObject) -> None:
    command = dict(commands())[name]
    shelf_name = SHELF_OF.get(name.split()[0], "shelf")
    books: Books = request.getfixturevalue(shelf_name)
    argv = data.draw(command_lines(command, books, shelf_name), label="argv")
    if name == "resolve":  # in-process: the notebook run is another test's
        argv.append("--no-notebook")
    _check(books, [*name.split(), *argv], name in MANY_LINES)


def test_the_walk_reaches_every_command_and_the_check_can_fail(
        request: pytest.FixtureRequest) -> None:
    """Positive controls: the walk lists the commands test_docs knows; a refusal in two lines
    or naming a Python exception, and a refusal that wrote, are caught."""
    books: Books = request.getfixturevalue("shelf")
    names = [name for name, _ in commands()]
    assert {"adjust", "export", "publish", "renown award", "dw adjust", "pf2e hp",
            "sheet mana"} <= set(names)
    assert len(names) >= 100
    assert set(names) - set(WALKED) <= LONG_RUNNING

    @click.command()
    @click.argument("what")
    def bad(what: str) -> None:
        raise click.ClickException({"two": "one\nand two",
                                    "leak": "TypeError: got multiple values for 'name'"}[what])

    for what, message in (("two", "one"), ("leak", "TypeError")):
        result = CliRunner().invoke(bad, [what])
        with pytest.raises(AssertionError, match=message):
            errors = [x for x in result.output.splitlines() if x.startswith("Error:")]
            assert len(result.output.strip().splitlines()) == 1, result.output
            assert not LEAKS.search(errors[0].removeprefix("Error: ")), errors[0]
    assert re.search(r"\bRulesError\b", "x RulesError: y") and LEAKS.search("RulesError: y")
    with BaseCampaign.open(books.folder) as camp:
        camp.award_tokens(1, reason="a write a refusal should not have made")
    with pytest.raises(AssertionError, match="a refusal wrote"):
        _check(books, ["victories", str(books.folder), "0"], False)
    assert ledger_fingerprint(books.ledger) == books.fingerprint


#: The command lines issue 15 found answering with a traceback or a wrong number.
ISSUE_15 = {
    "adjust name": ("shelf", ["adjust", "{c}", "Val", 'name="Other"', "--reason", "fix"],
                    "cannot adjust 'name'"),
    "adjust reason": ("shelf", ["adjust", "{c}", "Val", 'reason="x"', "--reason", "fix"],
                      "Input should be a valid integer"),
    "adjust visibility": ("shelf", ["adjust", "{c}", "Val", "visibility=1", "--reason", "x"],
                          "the fields you can adjust are player"),
    "adjust self": ("shelf", ["adjust", "{c}", "Val", "self=1", "--reason", "x"],
                    "cannot adjust 'self'"),
    "renown sign": ("shelf", ["renown", "award", "{c}", "Val", "-1000", "--reason", "x"],
                    "got -1000"),
    "wealth sign": ("shelf", ["wealth", "award", "{c}", "Val", "-1000", "--reason", "x"],
                    "got -1000"),
    "dw adjust reason": ("dw_shelf", ["dw", "adjust", "{c}", "Ava", "reason=x"],
                         "cannot adjust 'reason'"),
    "dw adjust who": ("dw_shelf", ["dw", "adjust", "{c}", "Ava", "who=Nim"],
                      "cannot adjust 'who'"),
    "dw move self": ("dw_shelf", ["dw", "move", "{c}", "carouse", "--who", "Ava", "--option",
                                  "self=1"], "self=... is not an option"),
}


@pytest.mark.parametrize("case", ISSUE_15)
def test_the_lines_issue_15_found_are_one_clear_line(request: pytest.FixtureRequest,
                                                     case: str) -> None:
    shelf_name, argv, said = ISSUE_15[case]
    books: Books = request.getfixturevalue(shelf_name)
    argv = [str(books.folder) if a == "{c}" else a for a in argv]
    result = CliRunner().invoke(main, argv, prog_name="drawsteel-kit")
    assert result.exit_code in (1, 2) and said in result.output, result.output
    _check(books, argv, False)
