"""The gallery's levels rated ahead of time: every bundled puzzle whose kind has steps
rated as its card rates it (``lpsolve rate``'s rounds, in a supervised job), one after
the other, with a longer time limit than a card's 3 s; the seconds each took, and how
many a card's limit would have rated.

    python benchmarks/gallery_levels.py [--seconds 120] [--kind KIND ...] [--unrated] [--write]

``--write`` stores the levels in lpsolve/web/levels.json (each with the SHA-256 of
the file rated, so a file changed since is rated again by its card; a puzzle not
rated within --seconds is stored without a level, and its card shows none); with
--kind, only that kind's puzzles are rated and replaced in the stored table; with
--unrated, only the puzzles stored without a level (e.g. with a longer --seconds).
tests/test_web_levels.py checks the stored table against the bundled files and
re-rates the quick ones.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from typing import Any

from lpsolve.puzzle import Capability
from lpsolve.web import work


def entries_with_steps() -> list[work.Entry]:
    """The gallery's entries whose kinds have steps, in the gallery's order."""
    from lpsolve.kinds import kind_spec

    return [
        entry
        for kind, found in work.catalogue().items()
        if kind_spec(kind).supports(Capability.STEPS)
        for entry in found
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="limit per puzzle")
    parser.add_argument("--kind", action="append", help="rate only this kind's puzzles")
    parser.add_argument("--unrated", action="store_true", help="rate only those stored unrated")
    parser.add_argument("--write", action="store_true", help="store lpsolve/web/levels.json")
    args = parser.parse_args()
    stored = work.stored_levels() if args.kind or args.unrated else {}

    def asked(entry: work.Entry) -> bool:
        if args.kind and entry.kind not in args.kind:
            return False
        return not args.unrated or stored.get(entry.key, {}).get("level", 1) is None

    entries = entries_with_steps()
    chosen = [entry for entry in entries if asked(entry)]
    kept = {e.key: stored[e.key] for e in entries if e not in chosen and e.key in stored}
    table: dict[str, Any] = {}
    for entry in chosen:
        start = time.perf_counter()
        found = work.rate_entry(entry, None, args.seconds)
        seconds = time.perf_counter() - start
        record: dict[str, Any] = {"sha256": hashlib.sha256(entry.path.read_bytes()).hexdigest()}
        if found is None:
            record |= {"level": None, "seconds": round(seconds, 2), "limit": args.seconds}
        else:
            record |= {**found, "seconds": round(seconds, 2)}
        table[entry.key] = record
        level = "-" if found is None else found["level"]
        print(f"{entry.key:45} {seconds:7.2f} s  {level}", flush=True)
    rated = [r for r in table.values() if r["level"] is not None]
    quick = [r for r in rated if r["seconds"] <= work.LEVEL_SECONDS]
    print(
        f"{len(rated)} of {len(table)} rated within {args.seconds:g} s; "
        f"{len(quick)} within a card's {work.LEVEL_SECONDS:g} s"
    )
    if args.write:
        data = {"levels": dict(sorted({**kept, **table}.items()))}
        work.STORED_LEVELS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"written: {work.STORED_LEVELS}")


if __name__ == "__main__":
    main()
