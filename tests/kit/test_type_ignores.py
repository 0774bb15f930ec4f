"""Every ``# type: ignore`` in the package names its error code (mypy's
``ignore-without-code``, in pyproject.toml) and says why: on its line after it, or in the
comment line just above (issue 34)."""

from __future__ import annotations

import re
from pathlib import Path

import drawsteel_kit

PACKAGE = Path(drawsteel_kit.__file__).parent
IGNORE = re.compile(r"#\s*type:\s*ignore(\[[\w,\s-]+\])?(.*)$")


def unexplained(root: Path = PACKAGE) -> list[str]:
    """``file:line`` of each ``type: ignore`` without a code or without a reason."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            m = IGNORE.search(line)
            if m is None:
                continue
            said_after = m.group(2).strip().startswith("#") and len(m.group(2).strip()) > 2
            said_above = i > 0 and lines[i - 1].strip().startswith("#")
            if m.group(1) is None or not (said_after or said_above):
                found.append(f"{rel}:{i + 1}: {line.strip()}")
    return found


def test_every_type_ignore_names_its_code_and_says_why() -> None:
    found = unexplained()
    assert not found, ("a `# type: ignore[code]` says why, after it or in the comment line "
                       "above:\n" + "\n".join(found))


def test_the_scan_finds_an_unexplained_ignore(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "m.py").write_text(
        "a = f()  # type: ignore[misc]  # f's stub is wrong\n"
        "# the reason, above\n"
        "b = g()  # type: ignore[misc]\n"
        "c = h()  # type: ignore[misc]\n"
        "d = k()  # type: ignore\n")
    assert unexplained(pkg) == ["m.py:4: c = h()  # type: ignore[misc]",
                                "m.py:5: d = k()  # type: ignore"]
