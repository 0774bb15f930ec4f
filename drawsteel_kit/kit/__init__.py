"""The shared kit: game-agnostic machinery every game system and front end uses.

The ledger, errors, dice sources, campaign.yaml field types and their error messages, package
data, output-file safety, and the HTML/page/panel toolkit (``kit.ui``). The kit imports no game
system and no front end (docs/architecture.md; kept by import-linter).
"""
