"""Every ``drawsteel-kit`` command's one-line summary, as its --help lists it.

The root group's --help reads them here, so listing the commands imports none of their
modules (a command's module loads when it runs). tests/cli/test_lazy_cli.py keeps this table in
step with each command's own help (its first sentence, whole: ``kit.commands.summary``):
when you add a command or change its help's first sentence, change its line here too.
"""

from __future__ import annotations

__all__ = ["SUMMARIES"]

#: Command name -> its summary.
SUMMARIES: dict[str, str] = {
    'adjust': 'Change a hero by hand, with a reason (values are JSON: 3, "text", ["a","b"]).',
    'adventure': "Adventures: start one (every hero's victories go back to 0), end it, list them.",
    'backup': 'Copy the ledger safely, even while others write (default: CAMPAIGN/backups/).',
    'buy': "Buy something the hero's wealth reaches; it goes into their inventory.",
    'day': 'Advance the campaign day; each day, artisans and sages roll on their projects.',
    'dw': ('Dungeon World: moves, characters and town days (a campaign with '
        'system: dungeon-world).'),
    'encounter': ("Draw Steel's encounter log: sides, objective, who fell; the "
        'victories come from it.'),
    'export': 'Export history and state as JSON, or as CSV files (one per table).',
    'followers': ('Followers: list, add, recruit (a respite activity), replace, assign '
        'to a project, place (where they are), dismiss, and the cap renown '
        'and titles allow.'),
    'forecast': 'When will a project be done? Exact chances by day, breakthroughs included.',
    'heroes': ('Heroes from Forge Steel (.ds-hero) or Foundry VTT (.json) in, and back out '
        "with the workbook's numbers."),
    'history': 'Show what happened, newest first, one sentence an event.',
    'import': "Bring a campaign's export (`drawsteel-kit export --out FILE`) into a new folder.",
    'init': 'Build the ledger from campaign.yaml, or bring it up to date.',
    'inventory': "The party's inventory: list, add what was found, use, give, remove.",
    'lab': 'Open the campaign folder in JupyterLab (its director.ipynb first) until Ctrl-C.',
    'links': "Print each player's link to their hero's page (creating keys as needed).",
    'move': 'The party moves on to PLACE: a common source found elsewhere is needed again.',
    'new': ('Create a campaign folder from the starter template (of its rule '
        'system): a NAME goes under --dir (campaigns/the-iron-saints), a '
        'FOLDER path is made as it is.'),
    'notebooks': "The campaign's own copies of the Director's notebooks (written by `new`).",
    'notes': ("Notes in the books: rumours, debts, secrets (for the Director's eyes "
        'with --director).'),
    'npc': 'NPCs: their impression, who they know, and whose renown sways them.',
    'pf2e': 'Pathfinder 2e encounters: initiative, turns, Delay, durations, hidden names.',
    'project': 'Downtime projects: start one, list them, spend career points, browse the catalog.',
    'publish': "Write the players' pages as static HTML that opens with no server and no network.",
    'rebuild': 'Rebuild the current state by replaying every event (or --check that it matches).',
    'renown': ("Renown: each hero's, and the followers it allows; award it with a "
        'reason; its history.'),
    'resolve': 'Resolve a downtime plan day by day: all of it, or nothing.',
    'respite': ('Take a respite: one activity each, then Stamina and recoveries back, '
        'victories to XP.'),
    'restore': "Put a backup back in place as the campaign's ledger, checked first.",
    'serve': "Serve the players' dashboard (read-only) through Voila until Ctrl-C.",
    'session': 'Start or end a session (the hero-token pool refills or vanishes).',
    'sheet': 'Condition-sheet battles: initiative, attacks, supports, specials, the reset.',
    'shopping': ('Show or set what the heroes may buy on this shopping trip (the '
        'session under way, or the downtime since the last one): where, how '
        'many purchases each, which tiers are on sale.'),
    'status': 'Show the party and every hero.',
    'titles': ("Titles: who holds what, the book's titles, grant one (with its "
        'benefit), revoke one.'),
    'tokens': "Show, award or spend the party's hero tokens.",
    'undo': 'Undo an event (and the rest of its operation) by appending compensating events.',
    'upgrade': "Bring an older ledger's schema up to date in place, keeping a copy from before.",
    'victories': 'Award victories to some or all heroes.',
    'wealth': 'Wealth: the Hero Wealth table and what a hero can buy; award it with a reason.',
}
