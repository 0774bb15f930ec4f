"""Campaign operations by area, composed by drawsteel_kit.systems.draw_steel.campaign.Campaign."""
