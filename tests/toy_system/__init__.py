"""A toy game system, registered from the tests (``tests/kit/test_toy_system.py``): proof that
a system the package never names gets a campaign, a player page, a Director's panel and a
command through the registry alone, touching no file of the package."""
