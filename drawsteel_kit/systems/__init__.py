"""Rule systems besides Draw Steel (issue 7): each a pure rules package of its own.

Draw Steel, the default system, keeps its rules in ``drawsteel_kit.systems.draw_steel.rules``.
"""
