"""The static site's Python side: what runs in the visitor's browser (Pyodide, in Web Workers).

``make site`` builds ``site/``: plain files that any static host serves. Each game page runs two
workers: the *explorer worker* holds the exploration session and answers the page through
:func:`ftwkit.site.bridge.handle` (one JSON text in, one JSON text out, so no Python object ever
reaches page code); the *search worker* runs the computer players through
:func:`ftwkit.site.search.handle`, so that Stop can end a search by restarting that worker alone.
Standard library only: these modules are unpacked into Pyodide's file system with ``ftwkit``.
"""

LEFT_OUT = ("ftwkit.casebook", "ftwkit.analysis")
"""The parts of ftwkit the site does not unpack (they import PyYAML, pandas, SciPy, Matplotlib):
``make site`` leaves them out of the workers' zip, and nothing the page runs may import them."""
