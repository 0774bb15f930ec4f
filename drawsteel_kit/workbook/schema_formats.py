"""Jupyter's libraries without the format checkers nothing asks for.

jsonschema imports a checker module for each optional format it can check, as it is itself
imported, in every process that reads a notebook (papermill, nbformat) or serves one (Voila,
JupyterLab). When rfc3987-syntax is installed (jupyter-events asks for it), it also compiles
that package's grammar for the ``iri`` formats: about 1.3 s of CPU a process, more than the
rest of their imports together. The checkers for durations (isoduration, with arrow), colours,
URI templates, host names and JSON pointers cost about 0.05-0.1 s more. No schema of
nbformat's, Jupyter's or ours uses any of those formats (they check dates, times, uuids, urls,
uris, e-mail addresses, file names and regular expressions;
``tests/workbook/test_schema_formats.py`` reads every installed schema to keep this true), and
nothing else imports these modules.
"""

from __future__ import annotations

import sys

#: The modules jsonschema imports only to check formats no installed schema uses, with the
#: formats each one checks.
UNUSED_FORMATS: dict[str, tuple[str, ...]] = {
    "rfc3987_syntax": ("iri", "iri-reference"),  # the grammar
    "isoduration": ("duration",),
    "webcolors": ("color",),
    "uri_template": ("uri-template",),
    "fqdn": ("hostname", "host-name"),
    "jsonpointer": ("json-pointer", "relative-json-pointer"),
}


def skip_unused_formats() -> None:
    """Before the first import of jsonschema in a process: jsonschema then leaves those
    formats unchecked, as it does wherever their packages are not installed. A process that
    imported them already keeps them."""
    for name in UNUSED_FORMATS:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None: imports of it fail
