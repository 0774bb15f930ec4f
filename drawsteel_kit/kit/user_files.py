"""Reading a file someone named: a campaign.yaml, a plan, a hero file, a links file.

Every such file is read through :func:`read_user_file`, which refuses by kind before it
reads: a named pipe (FIFO) would hang the command for ever, a device would read without end,
a socket cannot be read, a folder is not a file; none of them is opened for reading. A file
inside a campaign folder that is a link to a file outside it is refused too, so a
campaign.yaml or plan that points at ``/etc/shadow`` is never read (and never shown back in
an error). The file is opened without blocking and checked again once open, so a file
swapped for a pipe in between is refused as well.
"""

from __future__ import annotations

import os
import stat

__all__ = ["file_kind", "read_user_file", "within_folder"]

#: What each kind of file that is not a regular file is, in words.
_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


def file_kind(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file ("a named pipe (FIFO)"),
    or None for a regular file."""
    for test, kind in _KINDS:
        if test(mode):
            return kind
    return None if stat.S_ISREG(mode) else "not a regular file"


def _shown(path: str | os.PathLike[str]) -> str:
    text = os.fspath(path)
    return text if text.isprintable() else repr(text)


def within_folder(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> bool:
    """Whether ``path``, links followed, is ``folder`` or inside it (links followed too)."""
    real, root = os.path.realpath(path), os.path.realpath(folder)
    try:
        return os.path.commonpath([real, root]) == root
    except ValueError:  # different drives
        return False


def _inside_as_written(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> bool:
    """Whether ``path`` as written (no link followed) lies in ``folder`` as written."""
    here, root = os.path.abspath(path), os.path.abspath(folder)
    try:
        return os.path.commonpath([here, root]) == root
    except ValueError:
        return False


def read_user_file(path: str | os.PathLike[str], *, what: str, error: type[Exception],
                   missing: str, campaign: str | os.PathLike[str] | None = None,
                   limit: int | None = None) -> bytes:
    """The bytes of the file at ``path`` (at most ``limit`` + 1 of them when given).

    ``error`` is raised with one line naming the file: ``missing`` when there is none, and
    why otherwise (``what`` names what the file should be: "a plan file"). With ``campaign``,
    a path inside that campaign folder must stay inside it once links are followed."""
    source = _shown(path)
    try:
        before = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise error(f"{source}: is a link to a file that is not there: name "
                        f"{what}") from None
        raise error(f"{source}: {missing}") from None
    except OSError as exc:
        raise error(f"{source}: cannot be read ({exc.strerror or exc})") from None
    kind = file_kind(before.st_mode)
    if kind is not None:
        raise error(f"{source}: is {kind}, not {what}: name a regular file")
    if campaign is not None and _inside_as_written(path, campaign) and \
            not within_folder(path, campaign):
        raise error(f"{source}: is a link to a file outside the campaign folder, so it is "
                    f"not read: copy the file into {_shown(campaign)} instead of linking it")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) |
                     getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise error(f"{source}: cannot be read ({exc.strerror or exc})") from None
    with os.fdopen(fd, "rb") as file:
        now = os.fstat(file.fileno())
        if (now.st_dev, now.st_ino) != (before.st_dev, before.st_ino) or \
                not stat.S_ISREG(now.st_mode):
            raise error(f"{source}: was replaced while it was being opened: try again")
        try:
            return file.read(-1 if limit is None else limit + 1)
        except OSError as exc:
            raise error(f"{source}: cannot be read ({exc.strerror or exc})") from None

