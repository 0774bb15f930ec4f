"""Jupyter's libraries without the IRI grammar.

jsonschema, when rfc3987-syntax is installed (jupyter-events asks for it), compiles that
package's grammar for the ``iri`` formats as it is imported: about 1.3 s of CPU in every
process that reads a notebook (papermill, nbformat) or serves one (Voila, JupyterLab), more
than the rest of their imports together. No schema of theirs or ours uses those formats
(nbformat's, jupyter-server's and jupyter-events' check dates, uuids and urls).
"""

from __future__ import annotations

import sys

#: The module whose import builds the grammar.
IRI_GRAMMAR = "rfc3987_syntax"


def skip_iri_grammar() -> None:
    """Before the first import of jsonschema in a process: jsonschema then leaves the ``iri``
    formats unchecked, as it does wherever rfc3987-syntax is not installed. A process that
    imported it already keeps it."""
    sys.modules.setdefault(IRI_GRAMMAR, None)  # type: ignore[arg-type]
