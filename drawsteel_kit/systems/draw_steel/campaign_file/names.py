"""campaign.yaml's skills, languages, titles, classes and ancestries: the book's, or declared
as the campaign's own.

A hero's ``skills:``, ``languages:``, ``titles:``, ``class:`` and ``ancestry:``, the table's
``related_languages`` and a custom project's ``source_language`` must each be a name from the
book's lists (the catalog) or one the file declares in its ``custom:`` section::

    custom:
      skills: [Sailing]
      languages: [Old Tongue]
      titles: [Keeper of the Lantern]
      classes: [Beastheart]        # a class of another book, or the table's own
      ancestries: [Goblin]

Anything else is one line naming the hero, the field and the closest match, so a typo
("Magc") no longer becomes a skill that no roll will ever use. Book names are stored as the
book spells them ("magic" -> "Magic"). Also home to :class:`TitleSpec`, a title as written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field, model_validator
from pydantic_core import PydanticCustomError

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.fields import STRICT, Label, no_duplicates, show
from drawsteel_kit.kit.file_errors import Problem, located
from drawsteel_kit.kit.limits import name_key
from drawsteel_kit.systems.draw_steel.catalog.book_names import (
    KINDS,
    LIST_KINDS,
    NOUNS,
    Kind,
    book_name,
    in_book,
    name_problem,
)
from drawsteel_kit.systems.draw_steel.catalog.languages import canonical_language, language_key
from drawsteel_kit.systems.draw_steel.catalog.skills import SKILL_GROUPS
from drawsteel_kit.systems.draw_steel.catalog.titles import choose_benefit, is_book_title
from drawsteel_kit.systems.draw_steel.catalog.titles import title as book_title

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign_file import CampaignFile, HeroSpec

__all__ = ["CustomNames", "TitleSpec", "check_book_names", "hero_book_names", "language_group",
           "unique_titles"]


def _own(kind: Kind) -> AfterValidator:
    """A list of the campaign's own names: none of them the book's already."""

    def check(values: list[str]) -> list[str]:
        for i, value in enumerate(values):
            spelled = in_book(kind, value)
            if spelled is not None:
                raise PydanticCustomError(
                    "book_name", "[{i}] {got} is a {noun} of the book already: remove it here",
                    {"i": i, "got": repr(value), "noun": NOUNS[kind]})
        return values

    return AfterValidator(check)


class CustomNames(BaseModel):
    """The campaign's own skills, languages and titles, beyond the book's lists."""

    model_config = STRICT

    skills: Annotated[list[Label], AfterValidator(no_duplicates), _own("skills")] = Field(
        [], description="skills of the campaign's own, beyond the book's")
    languages: Annotated[list[Label], AfterValidator(no_duplicates), _own("languages")] = \
        Field([], description="languages of the campaign's own, beyond the book's")
    titles: Annotated[list[Label], AfterValidator(no_duplicates), _own("titles")] = Field(
        [], description="titles of the campaign's own, beyond the book's list")
    classes: Annotated[list[Label], AfterValidator(no_duplicates), _own("classes")] = Field(
        [], description="classes of the campaign's own (homebrew, another book's), beyond "
        "the book's nine")
    ancestries: Annotated[list[Label], AfterValidator(no_duplicates), _own("ancestries")] = \
        Field([], description="ancestries of the campaign's own, beyond the book's twelve")
    skill_groups: dict[Label, Literal[SKILL_GROUPS]] = Field(  # type: ignore[valid-type]  # a Literal of the catalog's groups
        {}, description="the skill group of each of the campaign's own skills (the Director "
        "picks one for a new skill): a Crafting or Lore one applies to project rolls")

    @model_validator(mode="after")
    def _groups_of_own_skills(self) -> CustomNames:
        own = {name_key(s) for s in self.skills}
        stray = [name for name in self.skill_groups if name_key(name) not in own]
        if stray:
            raise PydanticCustomError(
                "skill_group", "skill_groups: {names} is not among custom.skills: declare the "
                "skill there first", {"names": ", ".join(stray)})
        return self

    def lists(self) -> dict[str, Any]:
        """The declared names by kind, only the kinds declared (as the ledger keeps them), and
        the groups of the campaign's own skills when it gives any."""
        found: dict[str, Any] = {k: list(getattr(self, k)) for k in KINDS if getattr(self, k)}
        if self.skill_groups:
            found["skill_groups"] = dict(self.skill_groups)
        return found


class TitleSpec(BaseModel):
    """A title: its name, or ``{name: Noble, benefit: followers}`` for a book title whose
    benefit the hero chose (``drawsteel-kit titles catalog`` lists them)."""

    model_config = STRICT

    name: Label = Field(description="the title's name")
    benefit: str | None = Field(None, description="the benefit chosen, for a book title that "
                                "offers several")

    @model_validator(mode="before")
    @classmethod
    def _bare_name(cls, value: object) -> object:
        return {"name": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _benefit_chosen(self) -> TitleSpec:
        if is_book_title(self.name):
            try:
                choose_benefit(book_title(self.name), self.benefit)
            except RulesError as exc:
                how = f"{{name: {self.name}, benefit: KEY}}" if self.benefit is None else ""
                raise PydanticCustomError(
                    "title_benefit", "{why}{how}",
                    {"why": str(exc), "how": f"; write it as {how}" if how else ""}) from None
        elif self.benefit is not None:
            raise PydanticCustomError(
                "title_benefit", "{name} is not a book title, so it has no benefit to choose",
                {"name": self.name})
        return self


def unique_titles(entries: list[TitleSpec]) -> list[TitleSpec]:
    """No title twice (case and accents' encoding ignored)."""
    folded = [name_key(e.name) for e in entries]
    twice = sorted({e.name for e, f in zip(entries, folded, strict=True) if folded.count(f) > 1})
    if twice:
        raise PydanticCustomError("duplicate_title", "lists {twice} more than once",
                                  {"twice": ", ".join(twice)})
    return entries


def hero_book_names(heroes: list[HeroSpec], custom: CustomNames | None) -> list[HeroSpec]:
    """Each hero's skills, languages and titles in the book's (or the campaign's) spelling;
    one problem per unknown name, at its hero and field. ``custom`` None: the custom section
    is itself wrong and reported on its own, so nothing is checked against it."""
    if custom is None:
        return heroes
    declared = custom.lists()
    problems: list[Problem] = []
    spelled: list[HeroSpec] = []
    for i, hero in enumerate(heroes):
        update: dict[str, Any] = {}
        chosen: tuple[tuple[Kind, str], ...] = (("classes", "hero_class"),
                                                ("ancestries", "ancestry"))
        for kind, field in chosen:
            name = getattr(hero, field)
            if name:  # none chosen yet is allowed
                fixed = _spelled(kind, [name], declared, ("heroes", i, NOUNS[kind]), problems)
                if fixed[0] != name:
                    update[field] = fixed[0]
        for kind in LIST_KINDS:
            names = hero.title_names if kind == "titles" else getattr(hero, kind)
            fixed = _spelled(kind, names, declared, ("heroes", i, kind), problems)
            if fixed != list(names):
                update[kind] = ([t.model_copy(update={"name": n})
                                 for t, n in zip(hero.titles, fixed, strict=True)]
                                if kind == "titles" else fixed)
        spelled.append(hero.model_copy(update=update) if update else hero)
    if problems:
        raise located(problems)
    return spelled


def check_book_names(cf: CampaignFile) -> CampaignFile:
    """The table's related languages and the custom projects' source languages: each the
    book's or declared (heroes are checked by :func:`hero_book_names`)."""
    declared = cf.custom.lists()
    problems: list[Problem] = []
    for field in ("related_languages", "unrelated_languages"):
        for g, group in enumerate(getattr(cf.settings, field)):
            _spelled("languages", group, declared, ("settings", field, g), problems)
    _spelled("skills", cf.settings.project_skills, declared, ("settings", "project_skills"),
             problems)
    for p, project in enumerate(cf.custom_projects):
        if project.source_language:
            _spelled("languages", [project.source_language], declared,
                     ("custom_projects", p, "source_language"), problems)
    if problems:
        raise located(problems)
    return cf


def _spelled(kind: Kind, names: Iterable[str], declared: Mapping[str, list[str]],
             at: tuple[str | int, ...], problems: list[Problem]) -> list[str]:
    out = []
    for name in names:
        problem = name_problem(kind, name, declared)
        if problem:
            problems.append((at, problem))
            out.append(name)
        else:
            out.append(book_name(kind, name, declared))
    return out


def language_group(values: list[str]) -> list[str]:
    """At least two different languages, each spelled as the catalog spells it."""
    names = [canonical_language(v) for v in values]
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = language_key(name)
        if key in seen:
            raise PydanticCustomError(
                "duplicate_entry",
                "lists {value} twice (entries [{first}] and [{second}]; case is ignored)",
                {"value": show(values[i]), "first": seen[key], "second": i},
            )
        seen[key] = i
    if len(names) < 2:
        raise PydanticCustomError(
            "group_too_small",
            "a group of related languages needs at least 2 different languages, got {got}",
            {"got": ", ".join(names) or "none"},
        )
    return names
