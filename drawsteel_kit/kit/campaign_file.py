"""Reading campaign.yaml, whichever game system it names.

The file's ``system:`` picks the model that validates it (the registry's
``campaign_file`` part of that system); every problem is one
:class:`~drawsteel_kit.kit.errors.CampaignFileError` naming the file, a problem a line.
"""

from __future__ import annotations

import os
from typing import Any

import yaml
from pydantic import ValidationError

from drawsteel_kit.kit.errors import CampaignFileError
from drawsteel_kit.kit.fields import show
from drawsteel_kit.kit.file_errors import (
    UniqueKeyLoader,
    foreign_file,
    quick_yaml,
    read_text,
    report,
    yaml_problem,
)
from drawsteel_kit.kit.folder import CAMPAIGN_FILE
from drawsteel_kit.kit.registry import SYSTEMS, default_system

__all__ = ["load_campaign_file", "parse_campaign_text"]


def parse_campaign_text(text: str, source: str = CAMPAIGN_FILE) -> Any:
    """Validate campaign-file text; every problem is a CampaignFileError naming ``source``.

    A file whose ``system:`` names another rule system is validated by that system's
    model, and that model is returned."""
    quick = quick_yaml(text)  # libyaml, where it reads the text as the pure parser does
    try:  # both loaders are safe loaders: no arbitrary objects
        data = quick[0] if quick is not None else yaml.load(text, Loader=UniqueKeyLoader)
    except yaml.YAMLError as exc:
        raise CampaignFileError(yaml_problem(source, exc, text)) from None
    except RecursionError:
        raise CampaignFileError(f"{source}: nested too deeply to read") from None
    if data is None:
        raise CampaignFileError(
            f"{source}: is empty: it needs at least `name:` and `heroes:` "
            "(`drawsteel-kit new` writes a commented starter file)"
        )
    if not isinstance(data, dict):
        raise CampaignFileError(
            f"{source}: the top level must be a mapping (`name:`, `heroes:`, ... lines), "
            f"got {show(data)}"
        )
    model = _model_for(data.get("system", default_system().key), source)
    fields = [info.alias or name for name, info in model.model_fields.items()]
    foreign = foreign_file(source, data, fields, "a campaign file",
                           "`drawsteel-kit new` writes a commented starter file")
    if foreign is not None:
        raise CampaignFileError(foreign)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise CampaignFileError(report(source, exc, data, model)) from None


def _model_for(key: object, source: str) -> Any:
    """The campaign-file model of the system the file names (Draw Steel when it names none).

    Another system's model (``drawsteel_kit.systems.<module>.campaign_file.CampaignFile``)
    has the same ``name``, ``system`` and ``notes`` and a party of its own."""
    if not (isinstance(key, str) and key in SYSTEMS):
        raise CampaignFileError(f"{source}: system: must be one of {', '.join(SYSTEMS)}, "
                                f"got {show(key)}")
    return SYSTEMS[key].part("campaign_file").CampaignFile


def load_campaign_file(path: str | os.PathLike[str]) -> Any:
    """Read and validate a campaign file; every problem is a CampaignFileError naming the file."""
    return parse_campaign_text(read_text(path, CAMPAIGN_FILE), os.fspath(path))
