"""The condition-sheet system: a homebrew's combat, its conditions kept on sheets."""

from drawsteel_kit.kit.registry import System

SYSTEM = System(
    "condition-sheet", "the condition-sheet system", __name__.rsplit(".", 1)[0],
    campaign="campaign:ConditionSheetCampaign", book="ConditionSheetBook", command="sheet",
    source="a homebrew's Combat Rules",
    parts=(("face", "face"), ("secrets", "secrets")), secret_names=("foe",),
    commands=(("sheet", "cli"),))
