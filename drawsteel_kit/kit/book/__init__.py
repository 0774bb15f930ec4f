"""The campaign core every game system shares: the one write path (:mod:`.base`), the sheet
store a system keeps its records in (:mod:`.sheets`), the campaign's folder, ledger, history
and undo (:mod:`.campaign`), building the ledger from campaign.yaml (:mod:`.init`), the
players' view (:mod:`.party_view`) and scripted plans (:mod:`.plans`).

Nothing here names a game system: a system is found through :mod:`drawsteel_kit.kit.registry`.
"""
