"""The dashboards' stylesheet: the project's own elements always, the whole page under Voilà.

:data:`STYLE` styles only elements with an ``ftw-`` class, in JupyterLab's theme variables;
:data:`PAGE_STYLE` (background, cell width, headings) is applied only by a Voilà dashboard, so
a notebook opened in JupyterLab keeps the user's theme.
"""

from __future__ import annotations

import os

from IPython.display import HTML

__all__ = ["PAGE_STYLE", "STYLE", "page_style", "under_voila"]

PAGE_STYLE = """
<style>
body[data-jp-theme-light="true"], body[data-jp-theme-light="true"] .jp-Notebook {
  background: #f6f4ef; }
.jp-Cell { max-width: 1180px; margin: 0 auto; padding-top: 2px; padding-bottom: 2px; }
@media (min-width: 1400px) { .jp-Cell { max-width: 1320px; } }
.jp-RenderedMarkdown h1 { font-size: 1.9em; margin: 0.1em 0 0.25em; }
.jp-RenderedMarkdown h2 { font-size: 1.35em; margin-top: 0.9em; margin-bottom: 0.4em;
  border-bottom: 1px solid var(--jp-border-color2, #ddd6c8); padding-bottom: 0.2em; }
.jp-RenderedMarkdown p, .jp-RenderedMarkdown li { font-size: 15px; line-height: 1.5;
  max-width: 80em; }
.jp-RenderedMarkdown p { margin-bottom: 0.6em; }
.jp-RenderedMarkdown ul { margin-bottom: 0.6em; }
.jp-RenderedMarkdown blockquote { border-left: 4px solid #c9a227;
  background: var(--jp-layout-color2, #fffaf0); margin: 0.6em 0; padding: 0.4em 1em; }
</style>
"""
"""Rules for the whole page: only a Voilà dashboard applies them (see :func:`page_style`)."""

STYLE = """
<style>
.ftw-nav { font-size: 14px; margin: 0 0 0.6em; }
.ftw-nav a { color: var(--jp-brand-color1, #3d5a80); text-decoration: none; margin-right: 1.2em; }
.ftw-nav a:hover { text-decoration: underline; }
.ftw-link-notice { font-size: 14px; margin: 0 0 0.8em; padding: 6px 10px; border-radius: 4px;
  border-left: 3px solid var(--jp-brand-color1, #3d5a80); background: #eef3f8; }
.ftw-gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(330px, 1fr));
  gap: 18px; margin: 8px 0 24px; }
.ftw-card { background: var(--jp-layout-color0, #fff);
  border: 1px solid var(--jp-border-color2, #ddd6c8); border-radius: 10px; padding: 14px 16px;
  box-shadow: 0 1px 3px rgba(0,0,0,.06); display: flex; flex-direction: column;
  color: var(--jp-content-font-color1, #1f1d1a); }
.ftw-card h3 { margin: 0 0 2px; font-size: 1.2em; color: var(--jp-content-font-color0, #2b2d42); }
.ftw-card .ftw-meta { color: var(--jp-content-font-color2, #6b6b6b); font-size: 13px;
  margin-bottom: 8px; }
.ftw-card .ftw-picture { height: 230px; display: flex; align-items: center;
  justify-content: center; background: #faf8f3; border-radius: 6px; margin-bottom: 10px;
  overflow: hidden; }
.ftw-card .ftw-picture svg { max-width: 100%; max-height: 226px; height: auto; width: auto; }
.ftw-card p { font-size: 14px; line-height: 1.45; margin: 0 0 10px; flex-grow: 1; }
.ftw-card .ftw-links a { display: inline-block; margin: 0 8px 4px 0; padding: 5px 12px;
  border-radius: 6px; background: var(--jp-brand-color1, #3d5a80); color: #fff;
  text-decoration: none; font-size: 14px; }
.ftw-card .ftw-links a.ftw-secondary { background: var(--jp-layout-color3, #e8e2d4);
  color: var(--jp-ui-font-color0, #2b2d42); }
.ftw-card .ftw-missing { color: var(--jp-ui-font-color3, #999); font-style: italic; }
.jp-RenderedHTMLCommon table.ftw-options { border-collapse: collapse; font-size: 14px;
  margin: 6px 0 14px; table-layout: auto; width: 100%;
  color: var(--jp-content-font-color1, #1f1d1a); }
.jp-RenderedHTMLCommon table.ftw-options th,
.jp-RenderedHTMLCommon table.ftw-options td {
  border: none; border-bottom: 1px solid var(--jp-border-color2, #e4ded2); padding: 5px 10px;
  text-align: left; vertical-align: top; }
.jp-RenderedHTMLCommon table.ftw-options tbody tr:nth-child(odd) {
  background: var(--jp-layout-color1, #fbfaf6); }
.jp-RenderedHTMLCommon table.ftw-options th { background: var(--jp-layout-color2, #efe9dc); }
.jp-RenderedHTMLCommon table.ftw-options td:first-child { white-space: nowrap; }
.jp-RenderedHTMLCommon table.ftw-readings { table-layout: fixed; }
.jp-RenderedHTMLCommon table.ftw-readings th:first-child { width: 19%; }
.ftw-options code { background: var(--jp-layout-color2, #f3efe6); padding: 0 3px;
  border-radius: 3px; }
.ftw-explorer .widget-html-content p, .ftw-explorer .widget-html-content h4,
.ftw-explorer .widget-html-content li { line-height: 1.45; }
.ftw-details > summary { cursor: pointer; color: var(--jp-brand-color1, #3d5a80);
  font-size: 15px; margin: 4px 0 8px; }
.ftw-case { background: var(--jp-layout-color0, #fff);
  border: 1px solid var(--jp-border-color2, #ddd6c8); border-radius: 8px;
  padding: 10px 16px; margin: 18px 0 8px; color: var(--jp-content-font-color1, #1f1d1a); }
.ftw-case h3 { margin: 0 0 6px; color: var(--jp-content-font-color0, #2b2d42); }
.ftw-case blockquote { border-left: 4px solid #c9a227; background: var(--jp-layout-color2, #fffaf0);
  margin: 6px 0; padding: 4px 12px; }
.ftw-case .ftw-verdicts { font-family: monospace; font-size: 13px; white-space: pre-wrap;
  color: var(--jp-content-font-color1, #333); margin-top: 6px; }
.ftw-case .ftw-case-picture { float: right; margin: 0 0 8px 16px; max-width: 48%; }
.ftw-case .ftw-case-picture svg { max-width: 100%; height: auto; }
.ftw-case .ftw-ok, .ftw-readings .ftw-ok { color: var(--jp-success-color1, #2a7a3b); }
.ftw-explorer .ftw-moves, .ftw-explorer .ftw-variations, .ftw-casebook .ftw-case-steps {
  width: auto !important; max-width: 100%; }
.ftw-explorer .ftw-moves select, .ftw-explorer .ftw-variations select,
.ftw-casebook .ftw-case-steps select { width: auto; min-width: 270px; max-width: 100%; }
.ftw-explorer .ftw-moves option, .ftw-explorer .ftw-variations option,
.ftw-casebook .ftw-case-steps option { white-space: normal; overflow-wrap: anywhere;
  padding: 1px 4px; }
.ftw-explorer .ftw-moves option, .ftw-explorer .ftw-variations option { overflow-wrap: anywhere; }
.ftw-casebook .ftw-case-steps select { min-width: 640px; }
.ftw-explorer .widget-dropdown, .ftw-casebook .widget-dropdown, .ftw-switch .widget-dropdown,
.ftw-switch-impact .widget-dropdown, .ftw-balance-lab .widget-dropdown, .ftw-case-selector {
  width: auto !important; min-width: 0; max-width: 100%; }
.ftw-explorer .widget-dropdown > select, .ftw-casebook .widget-dropdown > select,
.ftw-switch .widget-dropdown > select, .ftw-switch-impact .widget-dropdown > select,
.ftw-balance-lab .widget-dropdown > select,
.ftw-case-selector > select { width: auto; max-width: 100%; flex-shrink: 0; }
.ftw-explorer .ftw-message { max-width: none !important; width: auto;
  min-height: 2.9em !important; }
.ftw-explorer .ftw-message .widget-html-content { line-height: 1.45em; }
.ftw-explorer .ftw-message .widget-html-content:empty::before {
  content: "Messages about your clicks appear here.";
  color: var(--jp-ui-font-color2, #757575); font-style: italic; }
.ftw-switch .widget-dropdown > select { min-width: min(430px, 100%); }
.ftw-case .ftw-bad, .ftw-readings .ftw-bad { color: var(--jp-error-color1, #b3261e); }
</style>
"""
"""Rules for the project's own elements only (every selector starts at an ``ftw-`` class), in
JupyterLab's theme variables, so they read well in Light and Dark and touch nothing else.

Lists and menus are as wide as their longest entry (a move list's entry wraps rather than being
cut when even the whole width is too narrow), and the explorer's message line spans the
explorer's width and keeps room for two lines, so a message appearing or wrapping does not move
the board (issue 29.2 and 29.6); while it is empty it says, muted, what it is for (CSS
generated text: not part of the message's text)."""


def under_voila() -> bool:
    """Whether this kernel runs a Voilà dashboard (Voilà puts its URLs in the kernel's env)."""
    return any(
        key in os.environ for key in ("VOILA_SERVER_URL", "VOILA_BASE_URL", "VOILA_KERNEL_ID")
    )


def page_style(*, page: bool | None = None) -> HTML:
    """The notebooks' stylesheet, as a displayable HTML object (display it first).

    Args:
        page: also style the page itself (background, cell width, headings); by default only
            when running under Voilà. In JupyterLab the page belongs to the user: its theme stays,
            and nothing carries over to other notebooks.
    """
    whole = under_voila() if page is None else page
    return HTML(STYLE + (PAGE_STYLE if whole else ""))
