"""Geometry shared by several games: square lattices, connectivity, symmetries, hex grids."""
