"""From outside the checkout: the wheel built from this checkout, installed with its real
dependencies into a fresh venv in a temporary folder, used as a Director would from an empty
folder far from any checkout: new, init, a respite, resolve through the notebook, publish,
and serve (the dashboard's first chart in headless Chromium).

The first run downloads the dependencies as wheels into a wheelhouse kept between runs
(``WHEELHOUSE``); later runs fill the fresh venv from it, with no network, and download again
when it is a week old or lacks a requirement. The wheel is built from a copy of the
checkout's files (git's list), never from stray build/ leftovers.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO
from workbook_helpers import chromium, free_port, needs_chromium

from drawsteel_kit.kit.registry import SYSTEMS
from drawsteel_kit.kit.resources import DIRECTOR_NOTEBOOKS

# builds the wheel and installs it into a fresh venv (minutes)
pytestmark = pytest.mark.slow

#: The folders a wheel must carry in full, as (folder in the checkout, folder in the wheel).
SHIPPED = (("notebooks", "drawsteel_kit/notebooks"), ("templates", "drawsteel_kit/templates"),
           ("drawsteel_kit/systems/draw_steel/catalog/data",
            "drawsteel_kit/systems/draw_steel/catalog/data"))
SKIP_COPY = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                                   ".bench", ".pytest_cache", ".ruff_cache", ".hypothesis",
                                   "*.db", "*.db-*", "runs", "backups", "site")


#: The wheel's dependencies as wheels, kept between runs (pip's own cache still asks the
#: index about every package, and is off on some machines).
WHEELHOUSE = Path(os.environ.get("DRAWSTEEL_KIT_TEST_WHEELHOUSE") or Path(
    os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "drawsteel-kit" / "wheelhouse")
#: After this many days the wheelhouse is downloaded again (newer releases come in).
WHEELHOUSE_DAYS = 7


def _sh(*argv: object, cwd: Path, env: dict[str, str], timeout: float = 600) -> str:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, f"{argv}:\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done.stdout


def _checkout_files() -> list[str]:
    """The checkout's own files (what a clone holds), by git when there is a git."""
    try:
        listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=REPO,
                                capture_output=True, text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return []
    return [name for name in listed if (REPO / name).is_file()]


def _clean_env(home: Path | None = None) -> dict[str, str]:
    """This process's environment without anything that points at the checkout."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "DRAWSTEEL_KIT_CAMPAIGN",
                        # the venv's programs keep the bytecode they compile, as an
                        # installed package does (it is installed with --no-compile)
                        "PYTHONDONTWRITEBYTECODE")}
    if home is not None:
        env["JUPYTER_CONFIG_DIR"] = str(home / ".jupyter")
        env["JUPYTER_DATA_DIR"] = str(home / ".jupyter-data")
        env["JUPYTER_RUNTIME_DIR"] = str(home / ".jupyter-runtime")
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    files = _checkout_files()
    if files:
        for name in files:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, src / name)
    else:
        shutil.copytree(REPO, src, ignore=SKIP_COPY)
    start = time.monotonic()
    _sh(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", base / "dist", src,
        cwd=base, env=_clean_env())
    (built,) = (base / "dist").glob("drawsteel_kit-*.whl")
    print(f"wheel built in {time.monotonic() - start:.1f}s: {built.stat().st_size // 1024} kB")
    return built


@contextlib.contextmanager
def _wheelhouse() -> Iterator[Path]:
    """The wheelhouse, held by this process alone (two test runs at once share it)."""
    WHEELHOUSE.mkdir(parents=True, exist_ok=True)
    with (WHEELHOUSE / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield WHEELHOUSE


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel and its real dependencies, installed by pip from the
    wheelhouse (filled from the index first when stale or short of a requirement).

    The venv is made without pip of its own (the test's pip installs into it: ``--python``),
    and nothing is byte-compiled at install: its programs compile what they import."""
    where = tmp_path_factory.mktemp("venv") / "v"
    env = _clean_env()
    _sh(sys.executable, "-m", "venv", "--without-pip", where, cwd=where.parent, env=env)
    pip = (sys.executable, "-m", "pip", "--python", where / "bin" / "python",
           "--disable-pip-version-check", "--quiet")
    install = (*pip, "install", "--no-compile", "--no-index", "--find-links")
    start, downloaded = time.monotonic(), False
    with _wheelhouse() as house:
        stamp = house / ".downloaded"
        fresh = stamp.exists() and time.time() - stamp.stat().st_mtime < WHEELHOUSE_DAYS * 86400
        if not fresh or subprocess.run([str(a) for a in (*install, house, wheel)], env=env,
                                       capture_output=True, timeout=1200).returncode != 0:
            _sh(*pip, "download", "--dest", house, wheel, cwd=where.parent, env=env,
                timeout=1200)
            for own in house.glob("drawsteel_kit-*"):  # the wheel under test is never kept
                own.unlink()
            stamp.touch()
            downloaded = True
            _sh(*install, house, wheel, cwd=where.parent, env=env, timeout=1200)
    print(f"installed the wheel with its dependencies in {time.monotonic() - start:.1f}s"
          f"{' (downloaded them first)' if downloaded else ''}")
    # Fresh: nothing of the test's own environment (pytest, selenium) is in it.
    _sh(where / "bin" / "python", "-c", "import importlib.util as u, sys; "
        "sys.exit(' '.join(m for m in ('pytest', 'selenium') if u.find_spec(m)) or None)",
        cwd=where.parent, env=env)
    return where


def test_the_wheel_carries_every_file_the_code_opens(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder, inside in SHIPPED:
        for path in (REPO / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                shipped = f"{inside}/{path.relative_to(REPO / folder).as_posix()}"
                assert shipped in names, f"the wheel lacks {shipped}"
    # What the code opens by name: the Director's notebooks, the players' page, each
    # system's starter campaign.
    opened = [f"drawsteel_kit/notebooks/{n}" for n in DIRECTOR_NOTEBOOKS]
    opened.append("drawsteel_kit/notebooks/players/dashboard.ipynb")
    for played in SYSTEMS.values():
        name = "campaign" if played.default else f"campaign-{played.module.replace('_', '-')}"
        opened.append(f"drawsteel_kit/templates/{name}/campaign.yaml")
    assert [n for n in opened if n not in names] == []
    assert not [n for n in names if n.startswith(("notebooks/", "templates/", "tests/"))]


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
    import socket

    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text(encoding="utf-8", errors="replace")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"not serving: {log.read_text(encoding='utf-8', errors='replace')}")


@pytest.fixture
def far(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("far-from-any-checkout") / "my" / "tables"
    folder.mkdir(parents=True)
    assert REPO not in folder.parents
    yield folder


@needs_chromium
def test_a_director_works_from_an_empty_folder(venv: Path, far: Path) -> None:
    env = _clean_env(far.parent)
    exe = venv / "bin" / "drawsteel-kit"

    def dsk(*args: object) -> str:
        return _sh(exe, *args, cwd=far, env=env)

    where = _sh(venv / "bin" / "python", "-c",
                "import drawsteel_kit; print(drawsteel_kit.__file__)", cwd=far, env=env)
    assert str(venv) in where and str(REPO) not in where  # the installed copy, not the checkout
    out = dsk("new", "The Iron Saints")
    folder = far / "campaigns" / "the-iron-saints"
    assert folder.is_dir() and "director.ipynb" in out
    assert {p.name for p in folder.glob("*.ipynb")} == set(DIRECTOR_NOTEBOOKS)
    dsk("init", "campaigns/the-iron-saints")
    C = "campaigns/the-iron-saints"
    dsk("session", "start", C)
    dsk("victories", C, "2", "--reason", "Bandits at the mill")
    assert "Respite" in dsk("respite", C, "--seed", "3")
    resolved = dsk("resolve", C, "--plan", "example", "--seed", "7")
    assert "Kept: " in resolved and list((folder / "runs").glob("*-example-seed7.html"))
    out = dsk("publish", C, "--out", "site")
    site = far / "site"
    shared = [p for p in site.iterdir() if re.fullmatch(r"plotly-.*\.min\.js", p.name)]
    pages = [p for p in site.iterdir() if p.suffix == ".html"]
    assert len(shared) == 1 and pages and "index.html" in out
    assert max(p.stat().st_size for p in pages) < 300_000
    # serve: the players' dashboard from the installed notebooks, in a real browser
    port = free_port()
    log = far.parent / "serve.log"
    with log.open("wb") as sink:
        proc = subprocess.Popen([str(exe), "serve", C, "--port", str(port), "--no-browser"],
                                cwd=far, env=env, stdout=sink, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        _wait_for_port(port, proc, log)
        with chromium() as driver:
            _first_chart(driver, f"http://127.0.0.1:{port}/voila/render/dashboard.ipynb")
            assert "The Iron Saints" in driver.find_element("tag name", "body").text
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def _first_chart(driver: Any, url: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.set_page_load_timeout(120)
    driver.get(url)
    WebDriverWait(driver, 120).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".js-plotly-plot .main-svg"))
