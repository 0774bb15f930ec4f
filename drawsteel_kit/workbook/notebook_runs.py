"""Running the workbook's notebooks headless: papermill executes, ``run_report`` reports.

``drawsteel-kit resolve`` runs ``notebooks/resolve_downtime.ipynb`` in a real kernel and keeps
the executed notebook and an HTML report (plotly.js loaded from one shared file in ``runs/``:
it opens with no network) in the campaign's ``runs/`` folder, named by time, plan and seed. A
dry run or a refused run keeps nothing unless asked (``keep``). An error
of ours raised in the kernel (a PlanError on day 5) comes back as the same exception with the
same message, so the command line prints the same one line as when resolving in-process.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import re
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drawsteel_kit.kit import errors
from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.kit.progress import Progress
from drawsteel_kit.kit.resources import notebooks_dir
from drawsteel_kit.workbook.run_report import html_report

__all__ = [
    "KERNEL",
    "NOTEBOOK_DIR",
    "RESOLVE_NOTEBOOK",
    "NotebookFailed",
    "ResolveRun",
    "execute",
    "html_report",
    "resolve_through_notebook",
    "run_paths",
    "tagged_output",
]

#: The notebooks that ship with the workbook (package data: see drawsteel_kit.kit.resources).
NOTEBOOK_DIR = notebooks_dir()
RESOLVE_NOTEBOOK = NOTEBOOK_DIR / "resolve_downtime.ipynb"
#: The kernel the notebooks run in: this Python (a virtualenv's own kernelspec comes first).
KERNEL = "python3"
#: The kernel's own log is noise in a command's output (even its ERROR lines, such as the
#: "KeyboardInterrupt caught in kernel." of a kernel slow to shut down on a loaded machine);
#: errors of the cells reach the notebook anyway.
KERNEL_ARGS = ("--IPKernelApp.log_level=CRITICAL",)
#: What the kernels of our runs are started with, unless the user's environment says
#: otherwise: no search for pydantic plugins (pydantic reads every installed package's entry
#: points for them before it checks a first plan; our plan models have no use for any).
KERNEL_ENV = {"PYDANTIC_DISABLE_PLUGINS": "__all__"}
#: How long a cell's last outputs may trail its reply. nbclient's default (4 s) drops what
#: comes later without a word: on a loaded machine the Director's workbook (a few thousand
#: widget messages) lost its panels that way. Past this, the run fails instead.
IOPUB_SECONDS = 60
#: How the kernel ends once the notebook is done: stopped at once. Everything a notebook
#: writes is committed (each operation is one transaction) or rolled back by the time its
#: last cell replies, and the resolution notebook closes its campaign; asked to shut down
#: instead, a kernel that has imported the workbook spends 0.2-0.5 s tearing its modules
#: down (the garbage collector over every object), a wait polled each 0.1 s.
SHUTDOWN = "immediate"
#: How often a stopped kernel is checked for being gone. jupyter_client checks every 0.1 s: a
#: kernel that has imported the workbook takes a few milliseconds to release its memory once
#: killed, so it is found alive at the first check and every run waited a tenth of a second
#: more (an empty notebook's kernel, smaller, was gone by then).
REAP_POLL_SECONDS = 0.005
RUNS = "runs"
#: Our papermill engine (see :func:`_engine`).
ENGINE = "drawsteel-kit"


class NotebookFailed(DrawSteelKitError):
    """A notebook stopped on an error that is not one of drawsteel-kit's own."""


@dataclass(frozen=True)
class ResolveRun:
    """A resolution run through the notebook: what it printed and where the record is."""

    seed: int
    dry_run: bool
    lines: tuple[str, ...]
    notebook: Path | None  # None: nothing kept (a dry run not asked to keep its record)
    report: Path | None


def _our_error(ename: str, evalue: str) -> DrawSteelKitError | None:
    """The drawsteel-kit exception a kernel raised, rebuilt from its name and message."""
    cls = getattr(errors, ename, None)
    if isinstance(cls, type) and issubclass(cls, DrawSteelKitError):
        return cls(evalue)
    return None


@functools.cache
def _engine() -> str:
    """Register (once) and name papermill's nbclient engine, saving the executed notebook when
    the run starts, if it fails, and (papermill itself) when it ends: not at each cell's
    start and end, as papermill's own does. Those saves re-validate and rewrite the whole
    notebook, charts and all, twice a cell, markdown cells included: on the demo's week they
    cost more than the resolution's own cells."""
    from papermill.engines import NBClientEngine, papermill_engines
    from papermill.iorw import write_ipynb

    class SavedAtTheEnds(NBClientEngine):
        @classmethod
        def execute_notebook(cls, nb: Any, kernel_name: str, output_path: str | None = None,
                             **kwargs: Any) -> Any:
            if output_path:
                write_ipynb(nb, output_path)  # the run's file is there from its start
            try:
                return super().execute_notebook(nb, kernel_name, output_path=None, **kwargs)
            except BaseException:  # a dead kernel, a timeout: what ran is kept to look at
                if output_path:
                    write_ipynb(nb, output_path)
                raise

    papermill_engines.register(ENGINE, SavedAtTheEnds)
    return ENGINE


@functools.cache
def _kernel_manager() -> type:
    """jupyter_client's kernel manager, checking every :data:`REAP_POLL_SECONDS` whether a
    killed kernel is gone (it waits for that before the run returns)."""
    from jupyter_client.manager import AsyncKernelManager

    class PromptlyReaped(AsyncKernelManager):
        async def _async_wait(self, pollinterval: float = 0.1) -> None:
            await super()._async_wait(pollinterval=min(pollinterval, REAP_POLL_SECONDS))

    return PromptlyReaped


@contextmanager
def _kernel_env() -> Iterator[None]:
    """:data:`KERNEL_ENV` set (where unset) while a run starts its kernel, which inherits it."""
    added = [key for key in KERNEL_ENV if key not in os.environ]
    os.environ.update({key: KERNEL_ENV[key] for key in added})
    try:
        yield
    finally:
        for key in added:
            os.environ.pop(key, None)


def execute(source: Path, output: Path, parameters: Mapping[str, Any], *,
            cwd: str | Path | None = None, progress_bar: bool = False) -> Any:
    """Execute ``source`` into ``output`` through papermill (a real kernel); return the
    executed notebook. Our own errors come back as themselves, others as NotebookFailed.
    ``progress_bar``: papermill's bar of the cells run, on stderr."""
    from drawsteel_kit.workbook.schema_formats import skip_unused_formats

    skip_unused_formats()
    import papermill as pm
    from papermill.exceptions import PapermillExecutionError
    from traitlets.config import Config

    if not source.is_file():
        raise NotebookFailed(f"{source} is missing: reinstall drawsteel-kit "
                             "(pip install --force-reinstall drawsteel-kit)")
    output.parent.mkdir(parents=True, exist_ok=True)
    # The kernel talks over Unix sockets in a private folder, not TCP ports: TCP ports are
    # picked free and then bound, a race that other kernels starting at the same moment (a
    # Voila page, another resolution) can lose with "Address already in use".
    sockets = tempfile.mkdtemp(prefix="dsk-kernel-")
    ipc = Config({"KernelManager": {"transport": "ipc", "ip": os.path.join(sockets, "k")}})
    try:
        with _kernel_env():
            return pm.execute_notebook(
                str(source), str(output), parameters=dict(parameters), kernel_name=KERNEL,
                engine_name=_engine(), progress_bar=progress_bar, log_output=False,
                cwd=str(cwd or os.getcwd()),
                extra_arguments=list(KERNEL_ARGS), config=ipc, iopub_timeout=IOPUB_SECONDS,
                kernel_manager_class=_kernel_manager(),
                raise_on_iopub_timeout=True, shutdown_kernel=SHUTDOWN)
    except PapermillExecutionError as exc:
        ours = _our_error(exc.ename, exc.evalue)
        if ours is not None:
            raise ours from None
        raise NotebookFailed(f"{source.name} stopped on {exc.ename}: {exc.evalue} "
                             f"(the executed notebook is {output})") from None
    finally:
        shutil.rmtree(sockets, ignore_errors=True)


def tagged_output(nb: Any, tag: str) -> str:
    """The text a tagged cell printed (its stdout streams, joined)."""
    parts: list[str] = []
    for cell in nb.cells:
        if tag in cell.get("metadata", {}).get("tags", []):
            parts += [o.get("text", "") for o in cell.get("outputs", [])
                      if o.get("output_type") == "stream" and o.get("name") == "stdout"]
    return "".join(parts)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "plan"


def run_paths(folder: Path, plan: str | Path, seed: int, dry_run: bool,
              now: dt.datetime | None = None) -> tuple[Path, Path]:
    """Fresh names in ``folder/runs`` for a run's notebook and report."""
    stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{stamp}-{_slug(Path(str(plan)).stem)}-seed{seed}{'-dry-run' if dry_run else ''}"
    runs, n, name = folder / RUNS, 1, base
    while (runs / f"{name}.ipynb").exists() or (runs / f"{name}.html").exists():
        n += 1
        name = f"{base}-{n}"
    return runs / f"{name}.ipynb", runs / f"{name}.html"


def resolve_through_notebook(campaign: str | Path, plan: str | Path, *, seed: int | None,
                             dry_run: bool, again: bool = False, keep: bool = False,
                             progress: Progress | None = None) -> ResolveRun:
    """What ``drawsteel-kit resolve`` does: the plan resolved in the notebook, kept in runs/.

    The campaign and plan are checked here first (the same errors, without starting a
    kernel); the kernel then runs with this process's working directory, so every path in
    its report reads as it would in-process. A dry run, or a run refused by an error of ours,
    keeps no files (nothing happened) unless ``keep``; any other failure keeps the notebook
    to look at. ``progress``: where its stages are told (none by default).
    """
    import secrets

    from drawsteel_kit.kit.book.campaign import open_campaign
    from drawsteel_kit.kit.book.plans import (
        FRESH_SEED_BELOW,
        already_resolved,
        find_plan,
        resolved_before,
    )
    from drawsteel_kit.workbook.plan_runs import read_plan

    told = progress or Progress(show=False)
    told.stage("Checking the campaign and the plan")
    with open_campaign(campaign) as camp:  # as in-process: an older ledger is upgraded
        folder = camp.folder
        loaded = read_plan(camp, find_plan(folder, plan))
        earlier = None if again else resolved_before(camp, loaded)
    if seed is None:
        seed = secrets.randbelow(FRESH_SEED_BELOW)
    if earlier is not None and not keep:  # nothing would happen: no kernel, nothing kept
        said = already_resolved(loaded, seed, dry_run, earlier)
        return ResolveRun(seed, dry_run, tuple(said.lines()), None, None)
    notebook, report = run_paths(folder, plan, seed, dry_run)
    params = {"campaign": str(campaign), "plan": str(plan), "seed": seed, "dry_run": dry_run,
              "again": again}
    told.stage("Running the resolution notebook in a Jupyter kernel")
    try:
        nb = execute(RESOLVE_NOTEBOOK, notebook, params, progress_bar=told.shown)
    except NotebookFailed:
        raise
    except DrawSteelKitError:
        if keep:
            html_report(notebook, report, title=f"{Path(str(plan)).stem}, seed {seed}, refused")
        else:
            notebook.unlink(missing_ok=True)
        raise
    text = tagged_output(nb, "preview" if dry_run else "write")
    if dry_run and not keep:
        notebook.unlink(missing_ok=True)
        return ResolveRun(seed, dry_run, tuple(text.splitlines()), None, None)
    told.stage("Writing the run's report")
    html_report(notebook, report, title=f"{Path(str(plan)).stem}, seed {seed}")
    return ResolveRun(seed, dry_run, tuple(text.splitlines()), notebook, report)
