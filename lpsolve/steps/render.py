"""Steps, walkthroughs and ratings as text for people, JSON for programs and SVG
pictures (the forcing cells marked)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from ..puzzle import CellMark
from .engine import Deducer
from .records import TIER_NAMES, Fix, Rating, Step, Walkthrough, cell_json

# -- text ---------------------------------------------------------------------------------


def fixes_text(deducer: Deducer, fixes: Sequence[Fix]) -> str:
    """ "(row 3, col 5) = 1, (row 3, col 6) = 0"."""
    return ", ".join(f"{deducer.cell_text(c)} = {deducer.value_text(v)}" for c, v in fixes)


def step_text(deducer: Deducer, step: Step) -> list[str]:
    """A hint: what it fixes, why, the rules and the cells it rests on."""
    head = fixes_text(deducer, step.fixes) + (" (by trial)" if step.trial else "")
    because = ", ".join(
        f"{deducer.value_text(v)} at {deducer.cell_text(c)}" for c, v in step.because
    )
    return [
        head,
        step.reason,
        f"rule: {step.rule}",
        f"because: {because or 'the rule alone'}",
    ]


def walkthrough_step_text(deducer: Deducer, number: int, step: Step) -> list[str]:
    """One step of a walkthrough: two lines."""
    return [
        f"step {number}: {fixes_text(deducer, step.fixes)} ({step.technique})",
        f"  {step.reason}",
    ]


def summary_text(done: Walkthrough) -> str:
    """The walkthrough's last line: how it ended and the steps by technique."""
    techniques = Counter(step.technique for step in done.steps)
    listed = ", ".join(f"{n} {name}" for name, n in techniques.most_common())
    steps = f"{len(done.steps)} step{'s' if len(done.steps) != 1 else ''}"
    if done.complete:
        return f"solved in {steps}" + (f": {listed}" if listed else "")
    return f"stopped after {steps}: {done.stuck}"


def stopped_text(stop: str, steps: int, known: int, cells: int) -> str:
    """A walkthrough cut short by a limit: "stopped by timeout after 12 steps (40 of
    256 cells known)" (``stop``: a :class:`~lpsolve.puzzle.StopReason`)."""
    counted = f"{steps} step{'s' if steps != 1 else ''}"
    return f"stopped by {stop} after {counted} ({known} of {cells} cells known)"


def rating_text(rating: Rating) -> list[str]:
    tiers = ", ".join(f"{n} {TIER_NAMES[tier]}" for tier, n in rating.counts.items())
    at_hardest = rating.counts.get(rating.hardest, 0)
    return [
        f"level: {rating.level} (score {rating.score:g})",
        f"hardest step: {rating.technique} ({TIER_NAMES[rating.hardest]}), "
        f"{at_hardest} such step{'s' if at_hardest != 1 else ''}",
        f"steps: {rating.steps}" + (f" ({tiers})" if tiers else ""),
    ]


# -- JSON ---------------------------------------------------------------------------------


def step_json(step: Step) -> dict[str, Any]:
    """A step as JSON: at least ``fixes``, ``rule``, ``because`` and ``trial``."""
    return {
        "fixes": [cell_json(fix) for fix in step.fixes],
        "rule": step.rule,
        "because": [cell_json(fix) for fix in step.because],
        "trial": step.trial,
        "technique": step.technique,
        "reason": step.reason,
        "tier": step.tier,
        "uses": [
            {"rule": use.rule, "where": use.where, "cells": [list(cell) for cell in use.cells]}
            for use in step.uses
        ],
        "supposed": None if step.supposed is None else cell_json(step.supposed),
    }


def rating_json(rating: Rating) -> dict[str, Any]:
    return {
        "level": rating.level,
        "score": rating.score,
        "hardest": rating.technique,
        "hardest_tier": rating.hardest,
        "steps": rating.steps,
        "tiers": {str(tier): n for tier, n in rating.counts.items()},
    }


# -- pictures -----------------------------------------------------------------------------


def step_marks(deducer: Deducer, step: Step) -> list[CellMark]:
    """The cells a step's picture marks: those it fixes and those that force it."""
    marks = [
        CellMark(c, "because", f"because: {deducer.value_text(v)} at {deducer.cell_text(c)}")
        for c, v in step.because
    ]
    marks += [
        CellMark(c, "fix", f"{step.technique}: {deducer.cell_text(c)} = {deducer.value_text(v)}")
        for c, v in step.fixes
    ]
    return marks


def step_picture(deducer: Deducer, known: dict[Any, Any], step: Step) -> str:
    """The board with ``known`` and the step's fixes filled in, its cells marked."""
    after = {**known, **dict(step.fixes)}
    return deducer.picture(after, step_marks(deducer, step))


#: the widest a board of a strip is drawn (px); larger pictures are scaled down
STRIP_BOARD = 240
STRIP_COLUMNS = 4
STRIP_CAPTION = 18
#: a caption character's width (px) at its size: longer captions are cut
CAPTION_EM = 6.6

_ROOT = re.compile(r"<svg\b([^>]*)>", re.S)
_SIZE = re.compile(r'\bwidth="([\d.]+)"[^>]*?\bheight="([\d.]+)"', re.S)


def strip(pictures: Sequence[str], captions: Sequence[str]) -> str:
    """Pictures side by side, :data:`STRIP_COLUMNS` a row, each under its caption, in
    one SVG (each kept whole as a nested ``<svg>``, scaled to fit)."""
    cells = []
    width = height = 0.0
    for picture in pictures:
        root = _ROOT.search(picture)
        size = _SIZE.search(root.group(1)) if root else None
        if root is None or size is None:
            raise ValueError("not an SVG picture with a width and height")
        w, h = float(size.group(1)), float(size.group(2))
        scale = min(1.0, STRIP_BOARD / w)
        cells.append((picture[root.start() :], w * scale, h * scale))
        width, height = max(width, w * scale), max(height, h * scale)
    columns = min(STRIP_COLUMNS, max(len(cells), 1))
    rows = (len(cells) + columns - 1) // columns
    slot_w, slot_h = width + 8, height + STRIP_CAPTION + 8
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{columns * slot_w:.0f}" '
        f'height="{rows * slot_h:.0f}">\n'
        f'<rect width="100%" height="100%" fill="#ffffff"/>\n'
    ]
    fits = max(int(slot_w / CAPTION_EM), 4)  # characters that fit above a board
    for k, ((svg, w, h), caption) in enumerate(zip(cells, captions, strict=True)):
        x, y = (k % columns) * slot_w + 4, (k // columns) * slot_h + 4
        if len(caption) > fits:
            caption = caption[: fits - 1] + "\u2026"
        parts.append(
            f'<text x="{x:.1f}" y="{y + 13:.1f}" font-size="12" '
            f'font-family="DejaVu Sans, Verdana, Arial, sans-serif" class="caption">'
            f"{escape(caption)}</text>\n"
        )
        root = _ROOT.match(svg)
        assert root is not None  # found above
        placed = _placed(root.group(1), x, y + STRIP_CAPTION, w, h)
        parts.append(placed + svg[root.end() :].rstrip() + "\n")
    parts.append("</svg>\n")
    return "".join(parts)


def _placed(attributes: str, x: float, y: float, w: float, h: float) -> str:
    """A nested picture's root tag: placed at (x, y), drawn w x h (its viewBox kept)."""
    kept = re.sub(r'\s(?:width|height|x|y)="[^"]*"', "", attributes)
    return f'<svg x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}"{kept}>'


def step_caption(deducer: Deducer, number: int, step: Step) -> str:
    """A step's caption in a strip: "3. (row 1, col 2) = 1 (pair)"."""
    return f"{number}. {fixes_text(deducer, step.fixes)} ({step.technique})"


def walkthrough_strip(pictures: Sequence[str], captions: Sequence[str], blank: str) -> str:
    """A walkthrough's steps (each drawn by :func:`step_picture`, captioned by
    :func:`step_caption`) as one strip of boards; with no step, the board ``blank``
    (the known cells drawn) captioned "nothing to fill"."""
    if not pictures:
        return strip([blank], ["nothing to fill"])
    return strip(pictures, captions)
