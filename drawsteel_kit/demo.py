"""``python -m drawsteel_kit.demo FOLDER`` (``make demo``): builds a demo campaign's books.

An alias, kept for one release: the entry is :mod:`drawsteel_kit.workbook.demo`, the Draw
Steel builder :mod:`drawsteel_kit.systems.draw_steel.demo` (each other system's is
``drawsteel_kit.systems.<name>.demo``).
"""

import sys

from drawsteel_kit.systems.draw_steel.demo import DEMO_PLAN, DEMO_SEED, build_demo
from drawsteel_kit.workbook.demo import main

__all__ = ["DEMO_PLAN", "DEMO_SEED", "build_demo", "main"]

if __name__ == "__main__":
    sys.exit(main())
