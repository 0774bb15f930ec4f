"""Pathfinder 2e encounters: the pure rules (rules/), the tracker on a campaign (book), player
pages, the Director's panels and ``drawsteel-kit pf2e``. The folder's ``system.py`` declares it.
"""
