"""The condition-sheet system (a homebrew): the pure rules (rules/), battles on a campaign
(book), player pages, the Director's panels and ``drawsteel-kit sheet``. The folder's
``system.py`` declares it.
"""
