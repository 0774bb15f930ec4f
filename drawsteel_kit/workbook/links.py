"""Per-player links: a random key per hero, so a hero's served page opens only for its player.

The keys live in ``player-links.yaml`` in the campaign folder (mode 0600, never in the
ledger, never served: Voila serves only the players' notebook folder). ``serve`` and
``drawsteel-kit links`` create the file, give a hero added later a key of their own, and
rotate a key on request (the old link stops working at once, even on a running server:
the file is read on every page request).
"""

from __future__ import annotations

import hmac
import os
import secrets
import tempfile
from pathlib import Path
from urllib.parse import parse_qs, quote

from drawsteel_kit.kit.errors import CampaignFileError, UnknownHero

__all__ = ["KEY_PARAM", "LINKS_FILE", "PAGES_PER_HERO", "check_key", "ensure_links",
           "hero_and_key", "hero_query", "load_links", "rotate"]

LINKS_FILE = "player-links.yaml"
#: The query parameter that carries a hero's key (``token`` is Voila's own, for every page).
KEY_PARAM = "key"
_HEADER = ("# Per-player links for `drawsteel-kit serve`: one secret key per hero.\n"
           "# Keep it private. A new key: drawsteel-kit links CAMPAIGN --rotate HERO\n")


#: A hero's pages open at once on a served dashboard (the page cap's share for each player;
#: ``serve``'s default cap is this many per hero and as many again for the party page).
PAGES_PER_HERO = 3

def load_links(folder: str | Path) -> dict[str, str]:
    """The heroes' keys (empty when the file does not exist yet)."""
    import yaml  # here: a page that reads no key (the party's) does not load it

    from drawsteel_kit.kit.user_files import read_user_file

    path = Path(folder) / LINKS_FILE
    if not os.path.lexists(path):
        return {}
    raw = read_user_file(path, what="a links file", error=CampaignFileError,
                         campaign=folder, missing="no such file")  # a pipe is never read
    try:
        data = yaml.safe_load(raw.decode("utf-8")) or {}
    except (yaml.YAMLError, UnicodeDecodeError):
        data = None
    keys = data.get("heroes") if isinstance(data, dict) else None
    if not isinstance(keys, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                             for k, v in keys.items()):
        raise CampaignFileError(f"{path} is not a links file: delete it and run "
                                "drawsteel-kit links again (every player gets a new link)")
    return dict(keys)


def hero_and_key(query: str) -> tuple[str | None, str | None]:
    """The hero (``?hero=``) and key (``?key=``) a query string asks for; the first of each,
    read exactly as the page's kernel reads them (``workbook.query_hero``)."""
    values = parse_qs(query)
    hero = (values.get("hero") or [""])[0].strip()
    key = (values.get(KEY_PARAM) or [""])[0].strip()
    return hero or None, key or None


def _write(folder: Path, keys: dict[str, str]) -> None:
    """Write the file whole, owner-only, replacing the old one in one step."""
    import yaml

    body = _HEADER + yaml.safe_dump({"heroes": keys}, sort_keys=False, allow_unicode=True)
    fd, tmp = tempfile.mkstemp(prefix=".player-links-", dir=folder)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(body)
        os.replace(tmp, folder / LINKS_FILE)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _new_key() -> str:
    return secrets.token_urlsafe(18)


def ensure_links(folder: str | Path, heroes: list[str]) -> dict[str, str]:
    """Every hero's key, creating the file or adding keys for heroes who have none."""
    folder = Path(folder)
    keys = load_links(folder)
    missing = [h for h in heroes if h not in keys]
    if missing or not (folder / LINKS_FILE).exists():
        keys.update({h: _new_key() for h in missing})
        _write(folder, keys)
    return {h: keys[h] for h in heroes}


def rotate(folder: str | Path, heroes: list[str], which: list[str]) -> dict[str, str]:
    """New keys for the heroes in ``which`` (their old links stop working); every key."""
    folder = Path(folder)
    for name in which:
        if name not in heroes:
            raise UnknownHero(f"no hero named {name!r} in this campaign: pick one of "
                              f"{', '.join(heroes) or '(none yet)'}")
    keys = ensure_links(folder, heroes)
    keys.update({h: _new_key() for h in which})
    _write(folder, {**load_links(folder), **keys})
    return keys


def check_key(folder: str | Path, hero: str, key: str | None) -> bool:
    """Whether ``key`` opens ``hero``'s page (a constant-time compare; no file, no page)."""
    if not key:
        return False
    try:
        expected = load_links(folder).get(hero)
    except (CampaignFileError, OSError):
        return False
    return expected is not None and hmac.compare_digest(expected.encode(), key.encode())


def hero_query(hero: str, key: str) -> str:
    """The query string of a hero's page: ``hero=...&key=...``."""
    return f"hero={quote(hero, safe='')}&{KEY_PARAM}={quote(key, safe='')}"
