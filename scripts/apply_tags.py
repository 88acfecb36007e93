#!/usr/bin/env python3
"""Write the tag files of a folder into the decks of the same names, one `deck tag` each.

    .venv/bin/python scripts/apply_tags.py TAGS_DIR [DECKS_DIR]

TAGS_DIR holds `<deck>.tsv` files of `id<TAB>difficulty<TAB>region` lines; each is written
into DECKS_DIR/<deck>.yaml (default decks/) by `voicemaster deck tag`, which edits the deck
line by line and loads it again before writing (docs/decks.md).  A tag file without a deck
of its name is skipped and named.  The exit status is the worst of the decks' (2 when a deck
could not be tagged: it is left as it was).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from voicemaster.cli import main as voicemaster

DECKS = Path(__file__).resolve().parents[1] / "decks"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or len(args) > 2:
        print("usage: apply_tags.py TAGS_DIR [DECKS_DIR]", file=sys.stderr)
        return 2
    tags = Path(args[0])
    decks = Path(args[1]) if len(args) > 1 else DECKS
    files = sorted(tags.glob("*.tsv"))
    if not files:
        print(f"{tags}: no tag files (*.tsv)", file=sys.stderr)
        return 2
    worst = 0
    for tag_file in files:
        deck = decks / f"{tag_file.stem}.yaml"
        if not deck.is_file():
            print(f"{tag_file}: no deck {deck.name} in {decks}; skipped")
            continue
        worst = max(worst, voicemaster(["deck", "tag", str(tag_file), str(deck)]))
    return worst


if __name__ == "__main__":
    sys.exit(main())
