"""Writing a command's output (`export --out`, `publish --out`) without clobbering anything.

A file that is already there is refused unless the user says ``force``; a folder must be new,
empty, or the command's own earlier output, recognised by a marker file listing what it
wrote. Nothing ever writes through a symbolic link: a file is written beside its target and
renamed over it, which replaces a link rather than the file it points to. A command that
fails part way leaves no half-written file behind.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from drawsteel_kit.kit.errors import OutputExists

__all__ = ["OWN_FOLDERS", "SITE_MARKER", "campaign_owns", "write_new_file", "write_site"]

#: The file `publish` leaves in its folder, listing what it wrote there.
SITE_MARKER = ".drawsteel-kit-publish.json"
_MARKER_KIND = "drawsteel-kit publish"
#: What a killed publish leaves in its folder: its staging folder, a marker being written
#: (``tempfile``'s names: 8 letters, digits or underscores).
_LEFTOVER = re.compile(r"\.publishing-[a-z0-9_]{8}"
                       r"|\.\.drawsteel-kit-publish\.json\.[a-z0-9_]{8}\.part")


def _again(option: str = "--out") -> str:
    return f"pass --force to replace it, or choose another {option}"


def _default_mode() -> int:
    """What a new file's permissions would be (mkstemp's are owner-only)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


#: A campaign's own folders: every file in them is the campaign's (plans, notebook runs,
#: backups).
OWN_FOLDERS = ("plans", "runs", "backups")
#: The campaign's own files at the top of its folder: campaign.yaml and the links file (any
#: YAML), its notebooks, the ledger and what SQLite keeps beside it, and hidden files (the
#: notebooks' manifest). An export the Director saved there (.ds-hero, .json, .csv) is not.
_OWN_TOP = re.compile(r"(?i).*\.(ya?ml|ipynb)|ledger\.db.*|\..*")


def campaign_owns(path: str | os.PathLike[str], campaign: str | os.PathLike[str]) -> bool:
    """Whether writing ``path`` would replace one of the ``campaign`` folder's own files
    (the folders on the way followed, as a rename follows them)."""
    real = os.path.join(os.path.realpath(os.path.dirname(os.path.abspath(path))),
                        os.path.basename(path))
    root = os.path.realpath(campaign)
    try:
        rel = os.path.relpath(real, root)
    except ValueError:  # another drive
        return False
    parts = Path(rel).parts
    if not parts or parts[0] == os.pardir:
        return False
    if len(parts) == 1:
        return _OWN_TOP.fullmatch(parts[0]) is not None
    return parts[0] in OWN_FOLDERS


def _check_replaceable(path: Path, *, force: bool, what: str = "",
                       campaign: Path | None = None, option: str = "--out") -> None:
    """Refuse an existing ``path`` (a link counts, even a dangling one) unless ``force``;
    refuse a folder, device or pipe, and a file the ``campaign`` owns, even then.
    ``option``: the command's option that named the file, as the messages name it."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if campaign is not None and campaign_owns(path, campaign):
        raise OutputExists(f"{path} is one of the campaign's own files: an output never "
                           "replaces it, even with --force: write to another file")
    if stat.S_ISDIR(mode):
        raise OutputExists(f"{path} is a folder: choose a file name for {option}")
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise OutputExists(f"{path} is not a regular file (a device, pipe or socket): "
                           f"choose another {option}")
    if stat.S_ISREG(mode) and _is_sqlite(path):
        raise OutputExists(f"{path} is a ledger or a backup of one (a SQLite database): an "
                           f"output never replaces it, even with --force; choose another "
                           f"{option}")
    if not force:
        link = " (a symbolic link)" if stat.S_ISLNK(mode) else ""
        raise OutputExists(f"{path}{link} already exists{what}: {_again(option)}")


#: How a SQLite database, and its write-ahead log, begin.
_SQLITE_STARTS = (b"SQLite format 3\x00", b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")


def _is_sqlite(path: Path) -> bool:
    """Whether ``path`` is a SQLite database or WAL file (a ledger, a backup)."""
    try:
        with open(path, "rb") as file:
            return file.read(16).startswith(_SQLITE_STARTS)
    except OSError:
        return False


def _stage(folder: Path, name: str, data: bytes) -> Path:
    """``data`` in a new hidden file in ``folder`` (same disk, so a rename is atomic)."""
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name[:40]}.", suffix=".part")
    try:
        os.fchmod(fd, _default_mode())
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def write_new_file(out: str | os.PathLike[str], text: str, *, force: bool = False,
                   campaign: Path | None = None, option: str = "--out") -> Path:
    """Write ``text`` to ``out``: refused when it exists unless ``force``, and then the
    existing file (or link) is replaced, never written through; a file the ``campaign``
    folder owns (:func:`campaign_owns`) is never replaced."""
    path = Path(out)
    _check_replaceable(path, force=force, campaign=campaign, option=option)
    try:
        tmp = _stage(path.parent, path.name, text.encode("utf-8"))
    except OSError as exc:  # name the file asked for, not the hidden one beside it
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    try:
        if force:
            os.replace(tmp, path)
            return path
        try:  # a hard link fails if the name appeared meanwhile: never clobber
            os.link(tmp, path)
        except FileExistsError:
            raise OutputExists(f"{path} already exists: {_again(option)}") from None
        except OSError as exc:  # a disk without hard links: the check above must do
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
                raise
            os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def _own_files(folder: Path) -> set[str] | None:
    """The files an earlier `publish` listed in ``folder``'s marker, or None (no marker,
    or not ours)."""
    marker = folder / SITE_MARKER
    try:
        if not stat.S_ISREG(os.lstat(marker).st_mode):
            return None
        data = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    files = data.get("files") if isinstance(data, dict) else None
    if data.get("written_by") != _MARKER_KIND or not isinstance(files, list):
        return None
    return {f for f in files if isinstance(f, str)}


def _walk(folder: Path) -> Iterable[str]:
    for root, _dirs, names in os.walk(folder):
        for name in names:
            yield (Path(root) / name).relative_to(folder).as_posix()


def _check_site_folder(folder: Path, *, force: bool) -> set[str]:
    """The files an earlier publish left in ``folder`` (empty for an empty folder); refuses
    someone else's folder unless ``force``."""
    if not any(folder.iterdir()):
        return set()
    own = _own_files(folder)
    if own is None and not force:
        raise OutputExists(
            f"{folder} is a folder that holds other files (not an earlier publish): pass "
            "--force to write into it, or choose another --out (a new or empty folder)")
    return own or set()


@contextlib.contextmanager
def _held(folder: Path) -> Iterator[None]:
    """``folder`` for one publish at a time: a lock the system lets go of when the process
    ends, however it ends (a killed publish holds nothing)."""
    try:
        import fcntl
    except ImportError:  # no flock here: publishes are not kept apart
        yield
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OutputExists(f"{folder}: another publish is writing into it now: wait for "
                               "it to finish, then publish again") from None
        yield
    finally:
        os.close(fd)


def _clear_leftovers(folder: Path) -> None:
    """Remove what a killed publish left in ``folder`` (its staging folder, a marker being
    written): with the folder held, no publish that could own them is running."""
    for entry in os.scandir(folder):
        if not _LEFTOVER.fullmatch(entry.name):
            continue
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        elif entry.is_file(follow_symlinks=False):
            Path(entry.path).unlink(missing_ok=True)


def _check_moves(built: Path, folder: Path, own: set[str], *, force: bool,
                 campaign: Path | None) -> list[str]:
    """The built files, each checked before any is moved into ``folder``."""
    names = sorted(_walk(built))
    for name in names:
        target = folder / name
        for parent in list(target.parents)[: len(Path(name).parts) - 1]:
            if parent.is_symlink() or (parent.exists() and not parent.is_dir()):
                raise OutputExists(f"{parent} is a symbolic link or a file: remove it, or "
                                   "choose another --out")
        _check_replaceable(target, force=force or name in own, campaign=campaign,
                           what=", and an earlier publish did not write it")
    return names


def _mark(folder: Path, names: Iterable[str]) -> None:
    marker = {"written_by": _MARKER_KIND, "files": sorted(names)}
    write_new_file(folder / SITE_MARKER, json.dumps(marker, indent=1) + "\n", force=True)


def write_site(out: str | Path, build: Callable[[Path], list[Path]], *,
               force: bool = False, campaign: Path | None = None) -> list[Path]:
    """Run ``build`` into a fresh folder, then move what it wrote into ``out`` (new, empty,
    or an earlier publish's; anything else only with ``force``; never the ``campaign``
    folder or one of its own folders). Pages an earlier publish wrote that this one did not
    (a hero renamed) are removed. A publish killed part way leaves nothing the next one
    refuses: its marker lists every page before any is moved in, and the next publish
    removes its staging folder. Returns ``build``'s files, in its order, as they are in
    ``out``."""
    folder = Path(out)
    if campaign is not None and (campaign_owns(folder / "x", campaign) or
                                 os.path.realpath(folder) == os.path.realpath(campaign)):
        raise OutputExists(f"{folder} is the campaign's own folder: publish into a folder "
                           "of its own (such as site/), or choose another --out")
    if folder.exists() and not folder.is_dir():
        raise OutputExists(f"{folder} is a file: choose a folder for --out")
    folder.mkdir(parents=True, exist_ok=True)
    with _held(folder):
        _clear_leftovers(folder)
        own = _check_site_folder(folder, force=force)
        built = Path(tempfile.mkdtemp(dir=folder, prefix=".publishing-"))
        try:
            files = build(built)
            names = _check_moves(built, folder, own, force=force, campaign=campaign)
            _mark(folder, own | set(names))  # a kill from here on: all of them are ours
            for name in names:
                target = folder / name
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(built / name, target)  # replaces a link, never follows it
        finally:
            shutil.rmtree(built, ignore_errors=True)
        inside = folder.resolve()
        for stale in own - set(names):
            path = folder / stale
            if (".." not in Path(stale).parts and not Path(stale).is_absolute()
                    and path.resolve().is_relative_to(inside)
                    and path.is_file() and not path.is_symlink()
                    and not (campaign is not None and campaign_owns(path, campaign))):
                path.unlink()
        _mark(folder, names)
    return [folder / Path(f).relative_to(built) for f in files]
