"""Git's clean filter for ``notebooks/*.ipynb``: a notebook without what running it adds.

``python tools/clean_notebook.py < in.ipynb > out.ipynb`` drops outputs, execution counts, widget
state and timings, and writes the rest the way Jupyter writes notebooks (one-space indent, sorted
keys), so a clean notebook comes out unchanged and exploring the notebooks leaves the working
tree clean. ``make install`` registers it (``notebooks/.gitattributes`` names the filter).

Standard library only, and no import of the project: git runs it once per notebook on every
``git status``, so it must start fast and print nothing but the notebook.
"""

from __future__ import annotations

import json
import sys

VOLATILE_CELL_METADATA = ("execution", "scrolled", "collapsed", "trusted")
"""Cell metadata that running or viewing a notebook changes."""


def clean_notebook(text: str) -> str:
    """A notebook's JSON without outputs, counts, widget state, timings and kernel details."""
    notebook = json.loads(text)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        metadata = cell.get("metadata", {})
        for key in VOLATILE_CELL_METADATA:
            metadata.pop(key, None)
    metadata = notebook.get("metadata", {})
    metadata.pop("widgets", None)
    info = metadata.get("language_info")
    if isinstance(info, dict) and "name" in info:
        metadata["language_info"] = {"name": info["name"]}
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Clean the notebook on stdin to stdout (no arguments)."""
    args = sys.argv[1:] if argv is None else argv
    if args:
        print("usage: python tools/clean_notebook.py < in.ipynb > out.ipynb", file=sys.stderr)
        return 2
    data = sys.stdin.buffer.read().decode("utf-8")
    sys.stdout.buffer.write(clean_notebook(data).encode("utf-8"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
