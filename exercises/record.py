"""A student's progress as one link item: ``done=line:1:100,tree:2:80`` (kind, level, best score in
percent). The link is untrusted: ``read`` keeps the entries it understands, bounded, and says what
it dropped; ``write`` writes the same form back."""

from __future__ import annotations

from exercises import KINDS, LEVELS

MAX_TEXT = 400          # characters: 27 entries of the longest kind fit with room to spare
MAX_ENTRIES = len(KINDS) * len(LEVELS)

Progress = dict[tuple[str, int], int]   # (kind, level) -> best score in percent


def read(text: str) -> tuple[Progress, list[str]]:
    """The entries of a ``done=`` item, and the pieces it ignored (unknown kind, bad level or score,
    too long). A repeated (kind, level) keeps its best score."""
    progress: Progress = {}
    ignored: list[str] = []
    if len(text) > MAX_TEXT:
        return progress, [f"{len(text)} characters (at most {MAX_TEXT})"]
    for piece in filter(None, text.split(",")):
        parts = piece.split(":")
        ok = len(parts) == 3 and parts[0] in KINDS and parts[1].isdigit() and parts[2].isdigit()
        if ok and int(parts[1]) in LEVELS and 0 <= int(parts[2]) <= 100 and len(progress) < MAX_ENTRIES:
            key = (parts[0], int(parts[1]))
            progress[key] = max(progress.get(key, 0), int(parts[2]))
        else:
            ignored.append(piece[:40])
    return progress, ignored


def write(progress: Progress) -> str:
    """``kind:level:score`` entries in the order of ``KINDS`` and levels."""
    order = {kind: i for i, kind in enumerate(KINDS)}
    return ",".join(f"{k}:{lv}:{s}" for (k, lv), s in sorted(progress.items(), key=lambda e: (order[e[0][0]], e[0][1])))


def merge(progress: Progress, kind: str, level: int, score: float) -> Progress:
    """``progress`` with this result, keeping the best score (a score in [0, 1], stored in percent)."""
    key = (kind, int(level))
    return {**progress, key: max(progress.get(key, 0), int(round(100 * score)))}
