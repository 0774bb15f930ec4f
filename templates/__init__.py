"""The starter campaigns for `drawsteel-kit new`, shipped inside the package."""
