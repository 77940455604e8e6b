"""What the kernel websocket lets through besides Voilà's own filter: no traceback, no stderr.

A dashboard's kernel reports failures the Jupyter way: an ``error`` message with a traceback
(ipywidgets shows one when a widget message fails), text on ``stderr`` (the ``comm`` package logs
a failed ``comm_open`` with its traceback there, and so does any logger without a handler), or a
reply whose ``status`` is ``error``. Each of these carries server paths. The browser needs none of
it: the dashboard says in words what went wrong on its own message line. So the server withholds
those messages (:func:`withheld`), and cleans text the browser sends that the kernel's message
encoder would choke on (:func:`without_lone_surrogates`: a lone UTF-16 surrogate used to make the
server drop the socket).

Messages come in the two websocket spellings Jupyter uses: JSON text (the legacy protocol) and
the binary ``v1.kernel.websocket.jupyter.org`` frames (offsets, channel, header, parent header,
metadata, content, buffers).

>>> withheld({"header": {"msg_type": "error"}, "content": {"traceback": ["..."]}})
'error'
>>> withheld({"header": {"msg_type": "stream"}, "content": {"name": "stdout", "text": "hi"}})
>>> without_lone_surrogates('{"a": "\\\\ud800x", "b": "\\\\ud83d\\\\ude00"}')
'{"a": "\\\\ufffdx", "b": "\\\\ud83d\\\\ude00"}'
"""

from __future__ import annotations

import json
import re
from typing import Any

TRACEBACK_MARK = "Traceback (most recent call last)"
"""The first line of every Python traceback (ipykernel's are coloured, but keep these words)."""

_LONE_SURROGATE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)


def without_lone_surrogates(text: str) -> str:
    """JSON text with every escaped lone surrogate (``\\ud800`` unpaired) made U+FFFD.

    A browser's ``JSON.stringify`` escapes a lone surrogate; Python reads it into a string that
    cannot be encoded as UTF-8, and the kernel message it goes into fails to send. Pairs (emoji
    and other characters outside the BMP) are kept.
    """
    if "\\u" not in text and "\\U" not in text:
        return text
    return _LONE_SURROGATE.sub(r"\\ufffd", text)


def raw_lone_surrogates_replaced(text: str) -> str:
    """``text`` with unescaped lone surrogate characters replaced (they cannot be UTF-8)."""
    return text.encode("utf-8", "replace").decode("utf-8") if _has_surrogate(text) else text


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _v1_parts(frame: bytes) -> list[bytes] | None:
    """The parts of a binary v1 frame: channel, header, parent header, metadata, content, …"""
    try:
        count = int.from_bytes(frame[:8], "little")
        if not 3 <= count <= 64:
            return None
        offsets = [int.from_bytes(frame[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
        return [frame[a:b] for a, b in zip(offsets, [*offsets[1:], len(frame)], strict=False)]
    except (ValueError, IndexError):
        return None


def _load(part: bytes | str) -> Any:
    try:
        return json.loads(part)
    except (ValueError, UnicodeDecodeError):
        return None


def message_parts(message: bytes | str | dict[str, Any]) -> tuple[str, Any, bool]:
    """The message's type, its content (a dict, or ``None`` when unreadable), and whether the
    raw message mentions a Python traceback anywhere."""
    if isinstance(message, dict):
        header, content = message.get("header") or {}, message.get("content")
        text = json.dumps(message, default=str)
        return str(header.get("msg_type", "")), content, TRACEBACK_MARK in text
    if isinstance(message, str):
        loaded = _load(message)
        loaded = loaded if isinstance(loaded, dict) else {}
        header = loaded.get("header") or {}
        return str(header.get("msg_type", "")), loaded.get("content"), TRACEBACK_MARK in message
    parts = _v1_parts(message)
    traceback_seen = TRACEBACK_MARK.encode() in message
    if parts is None or len(parts) < 5:
        return "", None, traceback_seen
    header = _load(parts[1])
    content = _load(parts[4])
    msg_type = str(header.get("msg_type", "")) if isinstance(header, dict) else ""
    return msg_type, content, traceback_seen


def withheld(message: bytes | str | dict[str, Any]) -> str | None:
    """Why this kernel-to-browser message must not be sent, or ``None`` to send it.

    Withheld: ``error`` messages, ``stderr`` output, replies with ``status: error`` (they carry
    ``traceback`` and ``evalue``), and anything else that contains a Python traceback.
    """
    msg_type, content, traceback_seen = message_parts(message)
    if msg_type == "error":
        return "error"
    if isinstance(content, dict):
        if msg_type == "stream" and content.get("name") == "stderr":
            return "stderr"
        if content.get("status") == "error" or "traceback" in content:
            return f"{msg_type or 'reply'} with an error"
    if traceback_seen:
        return f"{msg_type or 'message'} with a traceback"
    return None
