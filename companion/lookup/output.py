"""Search results as the ``companion rules`` command prints them.

Pure: standard library only, no I/O; the command writes the strings.
"""

from __future__ import annotations

from collections.abc import Sequence

from .index import Hit


def results_json(hits: Sequence[Hit]) -> dict[str, list[dict[str, str]]]:
    """The results as the spec's JSON: ``{"results": [{"game", "title",
    "text", "source"}]}``, best first (../shared/spec/table-file.md,
    "The command")."""
    return {
        "results": [
            {
                "game": hit.entry.game,
                "title": hit.entry.title,
                "text": hit.entry.text,
                "source": hit.entry.source_text,
            }
            for hit in hits
        ]
    }


def results_text(hits: Sequence[Hit], query: str) -> str:
    """The results for a person at a terminal: rank, title, entry id, the
    text and its source; a line saying so when nothing matched."""
    if not hits:
        return f"No rules entry matches {query.strip()!r}.\n"
    blocks = []
    for rank, hit in enumerate(hits, 1):
        entry = hit.entry
        blocks.append(
            f"{rank}. {entry.title}  [{entry.id}]\n"
            f"   {entry.text}\n"
            f"   Source: {entry.source_text}\n"
        )
    return "\n".join(blocks)


__all__ = ["results_json", "results_text"]
