"""The campaign file (``campaign.yaml``): the party and the Director's table rules.

The Director writes this file by hand, so every mistake in it becomes one
:class:`~drawsteel_kit.errors.CampaignFileError` whose message names the file,
the hero, the field, what is wrong and what is allowed, one problem a line::

    demo/campaign.yaml: heroes[2] (Yorn): characteristics.might: must be from -5 to 5, got 9
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails, PydanticCustomError

from drawsteel_kit.catalog.careers import career as _career
from drawsteel_kit.catalog.careers import careers as _careers
from drawsteel_kit.errors import CampaignFileError, RulesError
from drawsteel_kit.rules.advancement import MAX_LEVEL, MIN_LEVEL, Track, xp_for_level

__all__ = [
    "CAMPAIGN_FILE",
    "CHARACTERISTIC_MAX",
    "CHARACTERISTIC_MIN",
    "COUNT_LIMIT",
    "DEFAULT_LANGUAGES",
    "MAX_RECOVERIES_LIMIT",
    "MAX_STAMINA_LIMIT",
    "STARTING_RENOWN",
    "STARTING_WEALTH",
    "CampaignFile",
    "Characteristics",
    "HeroSpec",
    "Settings",
    "Stronghold",
    "dump_campaign_file",
    "load_campaign_file",
    "parse_campaign_text",
    "slugify",
]

CAMPAIGN_FILE = "campaign.yaml"

#: Characteristic scores run from -5 to 5 in Draw Steel.
CHARACTERISTIC_MIN, CHARACTERISTIC_MAX = -5, 5
#: A hero's wealth starts at 1 (RULES.md "Wealth"; 000: 3961-3993) and renown at 0 (000: 3906-3960).
STARTING_WEALTH = 1
STARTING_RENOWN = 0
#: Caelian, the common tongue: a hero knows it unless the file says otherwise (followers know it
#: too, 000: 3507-3535).
DEFAULT_LANGUAGES: tuple[str, ...] = ("Caelian",)
#: Our own sanity bounds, not the book's: it sets no cap on Stamina or recoveries.
MAX_STAMINA_LIMIT = 999
MAX_RECOVERIES_LIMIT = 99
#: Ours too: a cap on XP, victories, renown, wealth and project points, far above play and well
#: inside what the SQLite ledger can store.
COUNT_LIMIT = 999_999
#: Our own length limits for names and labels (they end up in tables and folder names).
HERO_NAME_MAX = 60
CAMPAIGN_NAME_MAX = 80
LABEL_MAX = 60
#: How many problems one error message lists before it summarises the rest.
MAX_PROBLEMS_SHOWN = 30
SLUG_MAX = 60

ProjectEvents = Literal["off", "roll", "milestones"]


# --- field types with messages a Director can act on ------------------------------------------


def _show(value: object) -> str:
    """A short, safe rendering of a value from the file (huge ints and long text are cut)."""
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"a number {int(value.bit_length() * 0.30103) + 1} digits long"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "…")
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, bytes):
        return "binary data"
    text = str(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _within(low: int, high: int | None = None) -> AfterValidator:
    """A bound on a whole number whose error states the whole allowed range."""
    span = f"from {low} to {high}" if high is not None else f"{low} or more"

    def check(value: int) -> int:
        if value < low or (high is not None and value > high):
            raise PydanticCustomError(
                "out_of_range", "must be {span}, got {got}", {"span": span, "got": _show(value)}
            )
        return value

    return AfterValidator(check)


_FORBIDDEN_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}  # control characters, lone surrogates, line breaks


def _label(limit: int, *, blank_ok: bool = False) -> AfterValidator:
    """One line of text: NFC-normalised, stripped, no control characters, at most ``limit`` long."""

    def check(value: str) -> str:
        value = unicodedata.normalize("NFC", value).strip()
        if not value and blank_ok:
            return value
        if not any(unicodedata.category(ch)[0] in "LNPS" for ch in value):
            raise PydanticCustomError("blank", "must not be blank")
        bad = next((ch for ch in value if unicodedata.category(ch) in _FORBIDDEN_CATEGORIES), None)
        if bad is not None:
            raise PydanticCustomError(
                "bad_character",
                "must be one line without control characters, found U+{code}",
                {"code": f"{ord(bad):04X}"},
            )
        if len(value) > limit:
            raise PydanticCustomError(
                "too_long",
                "must be at most {limit} characters, got {length}",
                {"limit": limit, "length": len(value)},
            )
        return value

    return AfterValidator(check)


def _free_text(value: str) -> str:
    """Notes may span lines and hold tabs, but no other control characters (they do not survive
    a round trip through YAML, and no Director means them)."""
    bad = next(
        (ch for ch in value if ch not in "\t\n\r" and unicodedata.category(ch) in {"Cc", "Cs"}),
        None,
    )
    if bad is not None:
        raise PydanticCustomError(
            "bad_character",
            "must not contain control characters, found U+{code}",
            {"code": f"{ord(bad):04X}"},
        )
    return value


Score = Annotated[int, _within(CHARACTERISTIC_MIN, CHARACTERISTIC_MAX)]
Count = Annotated[int, _within(0, COUNT_LIMIT)]
Label = Annotated[str, _label(LABEL_MAX)]
OptionalLabel = Annotated[str, _label(LABEL_MAX, blank_ok=True)]
FreeText = Annotated[str, AfterValidator(_free_text)]


def _no_duplicates(values: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    for i, value in enumerate(values):
        key = value.casefold()
        if key in seen:
            raise PydanticCustomError(
                "duplicate_entry",
                "lists {value} twice (entries [{first}] and [{second}]; case is ignored)",
                {"value": _show(value), "first": seen[key], "second": i},
            )
        seen[key] = i
    return values


# --- the models -------------------------------------------------------------------------------


class _Model(BaseModel):
    # strict: a file that says `level: "3"` or `wealth: true` is wrong, not quietly converted.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Settings(_Model):
    """The Director's table rules. Every default is the book's."""

    xp_track: Track = Field(
        "normal", description="XP per level: normal 16, fast 8 or slow 32 (the book: normal)"
    )
    project_events: ProjectEvents = Field(
        "off",
        description="project events: off, roll (a d6 each respite, an event on a 6) or milestones",
    )
    hero_tokens_reset: bool = Field(
        True, description="true: the hero-token pool refreshes each session; false: carries over"
    )
    stretch_purchases: bool = Field(
        False, description="optional rule: buy one tier above your wealth, then wealth -1"
    )
    title_followers: bool = Field(
        True, description="titles may raise a hero's follower cap beyond what renown allows"
    )

    @field_validator("project_events", mode="before")
    @classmethod
    def _bare_off(cls, value: object) -> object:
        # YAML reads a bare `off` as false; a bare `on`/`yes`/`true` is a mistake worth naming.
        if value is False:
            return "off"
        if value is True:
            raise PydanticCustomError(
                "bare_true",
                "must be one of off, roll or milestones, got true "
                "(YAML reads a bare on, yes or true as true)",
            )
        return value


class Stronghold(_Model):
    """The party's home base, where most followers stay."""

    name: Label = Field(description="the stronghold's name")
    location: FreeText = Field("", description="where it stands (free text)")
    notes: FreeText = Field("", description="free text")


class Characteristics(_Model):
    """The five characteristics, each from -5 to 5."""

    might: Score = 0
    agility: Score = 0
    reason: Score = 0
    intuition: Score = 0
    presence: Score = 0


class HeroSpec(_Model):
    """One hero as the Director writes it. ``xp`` is filled in by :class:`CampaignFile`."""

    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

    name: Annotated[str, _label(HERO_NAME_MAX)] = Field(
        description=f"the hero's name, 1-{HERO_NAME_MAX} characters, unique in the party"
    )
    player: OptionalLabel = ""
    ancestry: OptionalLabel = ""
    hero_class: OptionalLabel = Field("", alias="class")
    career: str | None = Field(None, description="one of the careers of catalog/data/careers.yaml")
    level: Annotated[int, _within(MIN_LEVEL, MAX_LEVEL)] = MIN_LEVEL
    xp: Count | None = Field(None, description="experience; at least what the level needs")
    victories: Count = 0
    characteristics: Characteristics = Characteristics()
    max_stamina: Annotated[int, _within(1, MAX_STAMINA_LIMIT)] = Field(
        description=f"the hero's maximum Stamina, a whole number from 1 to {MAX_STAMINA_LIMIT}"
    )
    max_recoveries: Annotated[int, _within(0, MAX_RECOVERIES_LIMIT)] = Field(
        description=f"the hero's recoveries, a whole number from 0 to {MAX_RECOVERIES_LIMIT}"
    )
    skills: Annotated[list[Label], AfterValidator(_no_duplicates)] = []
    languages: Annotated[list[Label], AfterValidator(_no_duplicates)] = list(DEFAULT_LANGUAGES)
    renown: Count = STARTING_RENOWN
    wealth: Count = STARTING_WEALTH
    project_points: Count = Field(0, description="the career's project points not yet spent")
    titles: list[Label] = []
    perks: list[Label] = []

    @field_validator("career")
    @classmethod
    def _known_career(cls, value: str | None) -> str | None:
        if value is None or not value.strip():  # `career: ""` means no career, as leaving it out
            return None
        try:
            return _career(value).name
        except RulesError:
            allowed = list(_careers())
            close = difflib.get_close_matches(value.title(), allowed, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise PydanticCustomError(
                "unknown_career",
                "unknown career {got}{hint} Allowed: {allowed}",
                {"got": _show(value), "hint": hint or ".", "allowed": ", ".join(allowed)},
            ) from None


class CampaignFile(_Model):
    """The whole of ``campaign.yaml``."""

    name: Annotated[str, _label(CAMPAIGN_NAME_MAX)] = Field(description="the campaign's name")
    system: Literal["draw-steel"] = "draw-steel"
    settings: Settings = Settings()
    stronghold: Stronghold | None = None
    heroes: list[HeroSpec] = Field(
        min_length=1, description="the party: a list of heroes, at least one"
    )
    notes: FreeText = ""

    @field_validator("heroes")
    @classmethod
    def _party(cls, heroes: list[HeroSpec], info: ValidationInfo) -> list[HeroSpec]:
        """Fill each hero's XP from the track, check it against the level; names must differ."""
        settings = info.data.get("settings")
        if settings is None:  # settings are invalid and reported on their own
            return heroes
        problems: list[tuple[tuple[str | int, ...], str]] = []
        filled: list[HeroSpec] = []
        first_seen: dict[str, int] = {}
        for i, hero in enumerate(heroes):
            least = xp_for_level(hero.level, settings.xp_track)
            if hero.xp is None:
                hero = hero.model_copy(update={"xp": least})
            elif hero.xp < least:
                problems.append(
                    (
                        ("heroes", i, "xp"),
                        f"must be at least {least} for level {hero.level} on the "
                        f"{settings.xp_track} XP track, got {hero.xp}",
                    )
                )
            key = hero.name.casefold()
            if key in first_seen:
                problems.append(
                    (
                        ("heroes", i, "name"),
                        f"{hero.name!r} is already the name of heroes[{first_seen[key]}]; "
                        "hero names must differ (case is ignored)",
                    )
                )
            first_seen.setdefault(key, i)
            filled.append(hero)
        if problems:
            raise PydanticCustomError(
                "party_problems",
                "{summary}",
                {
                    "summary": "; ".join(f"{_where(loc, None)}: {m}" for loc, m in problems),
                    "problems": problems,
                },
            )
        return filled


# --- turning validation errors into one readable message --------------------------------------


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model class inside an annotation such as ``list[HeroSpec]`` or ``Stronghold | None``."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _keys(model: type[BaseModel]) -> dict[str, FieldInfo]:
    return {info.alias or name: info for name, info in model.model_fields.items()}


def _walk(loc: Sequence[str | int]) -> tuple[type[BaseModel] | None, FieldInfo | None]:
    """The model that holds the last field of ``loc``, and that field (None when unknown)."""
    model: type[BaseModel] | None = CampaignFile
    owner: type[BaseModel] | None = None
    info: FieldInfo | None = None
    for part in loc:
        if isinstance(part, int):
            continue
        if model is None:
            return None, None
        owner, info = model, _keys(model).get(part)
        model = _model_in(info.annotation) if info else None
    return owner, info


def _choices(annotation: Any) -> list[str]:
    if get_origin(annotation) is Literal:
        return [str(a) for a in get_args(annotation)]
    return [c for arg in get_args(annotation) for c in _choices(arg)]


def _suggest(got: object, allowed: list[str]) -> str:
    close = difflib.get_close_matches(got, allowed, n=1) if isinstance(got, str) else []
    return f"; did you mean {close[0]!r}?" if close else ""


_TYPE_WORDS = {
    "int_type": "a whole number",
    "bool_type": "true or false",
    "string_type": "text",
    "list_type": "a list (one `- item` line each)",
    "dict_type": "a mapping (`key: value` lines)",
    "model_type": "a mapping (`key: value` lines)",
    "model_attributes_type": "a mapping (`key: value` lines)",
}


def _explain(err: ErrorDetails) -> str:
    """What is wrong and what is allowed, for one pydantic error."""
    kind, loc, got = err["type"], err["loc"], err.get("input")
    owner, info = _walk(loc)
    if kind == "missing":
        described = info.description if info is not None else None
        return f"is required: {described}" if described else "is required"
    if kind == "extra_forbidden":
        allowed = list(_keys(owner)) if owner is not None else []
        return f"unknown field{_suggest(loc[-1], allowed) or '.'} Allowed: {', '.join(allowed)}"
    if kind == "invalid_key":
        return f"field names must be text, got {_show(got)}"
    if kind == "literal_error" and info is not None:
        allowed = _choices(info.annotation)
        return f"must be one of {', '.join(allowed)}, got {_show(got)}{_suggest(got, allowed)}"
    if kind in _TYPE_WORDS:
        hint = (
            " (put it in quotes)"
            if kind == "string_type" and not isinstance(got, list | dict | type(None))
            else ""
        )
        return f"must be {_TYPE_WORDS[kind]}, got {_show(got)}{hint}"
    if kind == "too_short" and loc == ("heroes",):
        return "needs at least one hero"
    return err["msg"].removeprefix("Value error, ")


def _where(loc: Sequence[str | int], data: object) -> str:
    """``heroes[2] (Yorn): characteristics.might`` for a location in the file."""
    parts: list[str] = []
    rest = list(loc)
    if len(rest) >= 2 and rest[0] == "heroes" and isinstance(rest[1], int):
        i = rest[1]
        parts.append(f"heroes[{i}]" + (f" ({name})" if (name := _hero_name(data, i)) else ""))
        rest = rest[2:]
    field = ""
    for part in rest:
        field += f"[{part}]" if isinstance(part, int) else ("." if field else "") + str(part)
    if field:
        parts.append(field)
    return ": ".join(parts)


def _hero_name(data: object, i: int) -> str:
    heroes = data.get("heroes") if isinstance(data, dict) else None
    hero = heroes[i] if isinstance(heroes, list) and 0 <= i < len(heroes) else None
    name = hero.get("name") if isinstance(hero, dict) else None
    if not isinstance(name, str):
        return ""
    name = "".join(ch if ch.isprintable() else "?" for ch in name.strip())
    return name if len(name) <= HERO_NAME_MAX else name[:HERO_NAME_MAX] + "…"


def _report(source: str, exc: ValidationError, data: object) -> str:
    problems: list[tuple[Sequence[str | int], str]] = []
    for err in exc.errors():
        if err["type"] == "party_problems":
            problems.extend(err.get("ctx", {})["problems"])
        else:
            where = err["loc"][:-1] if err["type"] == "invalid_key" else err["loc"]
            problems.append((where, _explain(err)))
    lines = list(
        dict.fromkeys(
            f"{source}: {where}: {message}"
            if (where := _where(loc, data))
            else f"{source}: {message}"
            for loc, message in problems
        )
    )
    if len(lines) > MAX_PROBLEMS_SHOWN:
        more = len(lines) - MAX_PROBLEMS_SHOWN
        lines = [*lines[:MAX_PROBLEMS_SHOWN], f"{source}: ... and {more} more problems"]
    return "\n".join(lines)


# --- reading and writing ----------------------------------------------------------------------


class _Loader(yaml.SafeLoader):
    """``yaml.safe_load``'s loader, except a key written twice in one mapping is an error."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, OverflowError) as exc:  # a 5000-digit number, a 31st of February
            reason = "a number too long to read" if "digits" in str(exc) else str(exc)
            value = _show(node.value) if isinstance(node.value, str) else "a value"
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read {value}: {reason}", node.start_mark
            ) from None

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                twice = key in seen
                seen.add(key)
            except TypeError:  # unhashable: the base class reports it
                continue
            if twice:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping",
                    node.start_mark,
                    f"found the key {_show(key)} twice",
                    key_node.start_mark,
                )
        return super().construct_mapping(node, deep=deep)


def _yaml_problem(source: str, exc: yaml.YAMLError, text: str) -> str:
    if isinstance(exc, yaml.reader.ReaderError):  # a character YAML does not allow, such as NUL
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        return (
            f"{source}: YAML error at line {line}, column {column}: "
            f"the character U+{code:04X} is not allowed in a YAML file"
        )
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        what = exc.problem or "cannot be read"
        if exc.context:
            what += f" ({exc.context}"
            what += f" at line {exc.context_mark.line + 1})" if exc.context_mark else ")"
        if "'\\t'" in what:
            what += "; indent with spaces, not tabs"
        where = f"line {mark.line + 1}, column {mark.column + 1}"
        kind = (
            "YAML error"
            if isinstance(exc, yaml.constructor.ConstructorError)
            else "YAML syntax error"
        )
        return f"{source}: {kind} at {where}: {what}"
    return f"{source}: YAML error: {exc}"


def parse_campaign_text(text: str, source: str = CAMPAIGN_FILE) -> CampaignFile:
    """Validate campaign-file text; every problem is a CampaignFileError naming ``source``."""
    try:
        data = yaml.load(text, Loader=_Loader)  # a SafeLoader: no arbitrary objects
    except yaml.YAMLError as exc:
        raise CampaignFileError(_yaml_problem(source, exc, text)) from None
    except RecursionError:
        raise CampaignFileError(f"{source}: nested too deeply to read") from None
    if data is None:
        raise CampaignFileError(
            f"{source}: is empty: it needs at least `name:` and `heroes:` "
            "(`drawsteel-kit new` writes a commented starter file)"
        )
    if not isinstance(data, dict):
        raise CampaignFileError(
            f"{source}: the top level must be a mapping (`name:`, `heroes:`, ... lines), "
            f"got {_show(data)}"
        )
    try:
        return CampaignFile.model_validate(data)
    except ValidationError as exc:
        raise CampaignFileError(_report(source, exc, data)) from None


def load_campaign_file(path: str | os.PathLike[str]) -> CampaignFile:
    """Read and validate a campaign file; every problem is a CampaignFileError naming the file."""
    source, file = os.fspath(path), Path(path)
    if file.is_dir():
        inside = file / CAMPAIGN_FILE
        hint = f"; did you mean {inside}?" if inside.is_file() else ""
        raise CampaignFileError(f"{source}: is a folder, not a campaign file{hint}")
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        raise CampaignFileError(
            f"{source}: no such file; create a campaign with `drawsteel-kit new`"
        ) from None
    except OSError as exc:
        raise CampaignFileError(f"{source}: cannot be read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise CampaignFileError(
            f"{source}: is not UTF-8 text (byte 0x{raw[exc.start]:02x} on line {line}); "
            "save it as UTF-8"
        ) from None
    return parse_campaign_text(text, source)


def dump_campaign_file(cf: CampaignFile) -> str:
    """The campaign as YAML (``class`` for the hero class), so that parsing it gives ``cf`` back."""
    data = cf.model_dump(mode="python", by_alias=True)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


_RESERVED_FOLDER_NAMES = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(10)),
    *(f"lpt{i}" for i in range(10)),
}  # Windows refuses these


def slugify(name: str) -> str:
    """A folder name for ``name``: lowercase ASCII words joined by hyphens, never empty."""
    text = re.sub(r"['\u2019]", "", name)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:SLUG_MAX].strip("-")
    if not slug:  # nothing ASCII in the name: keep different names apart with a short hash
        digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        slug = f"campaign-{digest}"
    if slug in _RESERVED_FOLDER_NAMES:
        slug += "-campaign"
    return slug
