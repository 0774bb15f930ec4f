"""Campaign operations by area, composed by drawsteel_kit.campaign.Campaign."""
