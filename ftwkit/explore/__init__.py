"""Exploring a game, in the library: the game tree with variations, records of it, what a viewer
may see of a move, and the "why not?" line. Standard library only."""
