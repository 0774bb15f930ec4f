"""The workbook's notebooks, shipped inside the package (read with importlib.resources)."""
