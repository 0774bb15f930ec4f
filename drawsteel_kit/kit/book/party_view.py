"""The players' side of a campaign: :class:`PartyView`, the only thing player pages read.

A :class:`PartyView` holds one viewer's books: a campaign over an in-memory copy of the
ledger that keeps only what that viewer may see (the party, or one hero's player), with
hidden changes shown as "Adjusted by the Director" lines (see
:mod:`drawsteel_kit.kit.ledger.party`).
The Director's ledger is never in it, so a page builder that takes a PartyView cannot copy
a Director-only row into a player page, whatever it reads. Every player page builder (all
four systems), the player controls, ``publish`` and ``export --party-only`` go through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, overload

from drawsteel_kit.kit.ledger.party import party_copy

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign as Campaign

_C = TypeVar("_C", bound="Campaign")

__all__ = ["PARTY", "PartyView", "books"]

#: The viewer of the party page: party rows only.
PARTY = "party"
_MADE_HERE = object()


class PartyView:
    """What one viewer may see of a campaign, and nothing else: make one with :meth:`of`."""

    __slots__ = ("_books", "_source", "viewer")

    def __init__(self, books: Campaign, viewer: str, *, source: Campaign | None = None,
                 made: object = None) -> None:
        if made is not _MADE_HERE:
            raise TypeError("a PartyView is made with PartyView.of(campaign, viewer), which "
                            "leaves out what is for the Director")
        self._books = books
        self._source = source
        self.viewer = viewer

    @classmethod
    def of(cls, campaign: Campaign, viewer: str | None = None) -> PartyView:
        """The party's view (``viewer`` None or ``"party"``), or one member's (their name,
        any case: their page adds their own rows). The campaign may be read-only."""
        from drawsteel_kit.kit.ledger import Ledger
        from drawsteel_kit.kit.registry import sheet_faces

        if isinstance(campaign, PartyView):
            raise TypeError("this is already a PartyView: pass the campaign itself")
        who = PARTY if viewer in (None, PARTY) else campaign.member(str(viewer))
        copy = party_copy(campaign.ledger.db, who, faces=sheet_faces())
        books = type(campaign)(campaign.folder,  # a Campaign, without importing it here
                               Ledger(copy, campaign.ledger.path, readonly=True))
        return cls(books, who, source=campaign, made=_MADE_HERE)

    def fresh(self) -> PartyView:
        """A new view for the same viewer, of the books as they are now. A view holds the
        books as they were when it was made (SQLite keeps that snapshot while it is open):
        something that lives long, a page's controls, takes a fresh one for each answer and
        closes it."""
        if self._source is None:
            raise TypeError("only a view PartyView.of made knows its campaign")
        return PartyView.of(self._source, self.viewer)

    @property
    def books(self) -> Campaign:
        """The viewer's books: a read-only campaign over the players' copy of the ledger."""
        return self._books

    @property
    def hero(self) -> str | None:
        """The member whose page this is (None for the party page)."""
        return None if self.viewer == PARTY else self.viewer

    def export(self) -> dict[str, Any]:
        """History and state as this viewer may see them (``export --party-only``)."""
        return self._books.ledger.export(include_director=False)

    def close(self) -> None:
        """Free the copy (it lives in memory only)."""
        self._books.ledger.close()

    def __enter__(self) -> PartyView:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@overload
def books(view: object) -> Campaign: ...
@overload
def books(view: object, kind: type[_C]) -> _C: ...


def books(view: object, kind: type[Any] | None = None) -> Any:
    """The books a player page reads: ``view`` must be a :class:`PartyView`, so a page
    builder handed the Director's campaign refuses it instead of reading it; ``kind``: the
    campaign class of the system whose page it is (the party's copy opens as that class)."""
    if not isinstance(view, PartyView):
        raise TypeError(f"player pages are built from a PartyView (PartyView.of(campaign)), "
                        f"not from {type(view).__name__}: it would read what is for the "
                        "Director")
    if kind is not None and not isinstance(view.books, kind):
        raise TypeError(f"a page of {kind.__name__} reads such a campaign, not "
                        f"{type(view.books).__name__}")
    return view.books
