"""ipywidgets for exploring ftwkit games: explorers, scenario editor, casebook browser."""
