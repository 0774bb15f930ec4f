"""The campaign core every game system shares: the host (:mod:`.campaign`: the folder, the
ledger, the party, the one write path, history and undo), what an area of the book is
(:mod:`.area`), the kit's areas (the calendar, notes, the sheet store: :mod:`.calendar`,
:mod:`.notes`, :mod:`.sheets`), the write path's pieces (:mod:`.base`), building the ledger
from campaign.yaml (:mod:`.init`), the players' view (:mod:`.party_view`) and scripted plans
(:mod:`.plans`).

Nothing here names a game system but the host's doors to three systems' books
(``campaign.pf2e`` ...): a system is found through :mod:`drawsteel_kit.kit.registry`.
"""
