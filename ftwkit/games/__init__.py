"""One module (or small package) per game: pure rules, standard library only."""
