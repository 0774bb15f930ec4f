"""Pure Draw Steel rules: plain values and a dice source in, dataclasses out.

No I/O, no database, no widgets. Every number of the book lives here (or in the
catalog data), named, with the seed section it comes from in its docstring.
"""
