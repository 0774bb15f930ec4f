"""The toy system's declaration: every part is in one module, ``parts``."""

from drawsteel_kit.kit.registry import System

SYSTEM = System(
    "toy", "the toy system", "toy_system", campaign="campaign:ToyCampaign", book="ToyBook",
    command="toy", source="the tests' own toy rules",
    parts=tuple((part, "parts") for part in (
        "campaign_file", "book", "pages", "panels", "demo", "cli", "kinds")),
    commands=(("toy", "parts"),))
