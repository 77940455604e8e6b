"""Text colours of the widgets in JupyterLab's theme variables, readable in Light and Dark.

Each is a CSS ``var()`` with the light colour as fallback (for pages without JupyterLab's theme,
e.g. a plain HTML export). The board keeps its own palette: the renderer's theme.

>>> ERROR
'var(--jp-error-color1, #b00020)'
"""

from __future__ import annotations

__all__ = ["ERROR", "ERROR_TINT", "INFO", "INFO_TINT", "MUTED", "OK", "TEXT"]

TEXT = "var(--jp-ui-font-color1, #222)"
MUTED = "var(--jp-ui-font-color2, #555)"
OK = "var(--jp-success-color1, #1b5e20)"
ERROR = "var(--jp-error-color1, #b00020)"
INFO = "var(--jp-brand-color1, #0d47a1)"
ERROR_TINT = "var(--jp-layout-color2, #fdecee)"
INFO_TINT = "var(--jp-layout-color2, #eef3fb)"
