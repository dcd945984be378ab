"""What the reader saw, drawn over the rectified sheet, with the breakdown underneath, so the
table can check every verdict at a glance."""

from __future__ import annotations

import cv2
import numpy as np

from .geometry import SheetGeometry
from .report import SheetResult

# BGR; each verdict has a colour of its own, uncertain the loudest
CROSSED = (40, 160, 0)
CIRCLED = (200, 90, 0)
STRUCK = (0, 120, 255)
UNCERTAIN = (200, 0, 220)
SCORED = (0, 170, 255)


def draw_overlay(sheet_bgr: np.ndarray, px_per_mm: float, g: SheetGeometry,
                 r: SheetResult) -> np.ndarray:
    img = sheet_bgr.copy()
    # fade the photo a little so the verdicts stand out
    img = cv2.addWeighted(img, 0.75, np.full_like(img, 255), 0.25, 0)
    t = max(1, round(px_per_mm * 0.3))
    scored = {i.element for i in r.score.items if i.element and i.points > 0}
    for e in g.elements:
        x, y, w, h = (v * px_per_mm for v in e.box_mm)
        p0, p1 = (round(x), round(y)), (round(x + w), round(y + h))
        centre = (round(x + w / 2), round(y + h / 2))
        state = r.marks.state(e.id)
        if e.id in r.marks.uncertain:
            cv2.rectangle(img, (p0[0] - t, p0[1] - t), (p1[0] + t, p1[1] + t), UNCERTAIN, 2 * t)
            cv2.putText(img, "?", (round(x + w * 0.62), round(y + h * 0.45)),
                        cv2.FONT_HERSHEY_SIMPLEX, px_per_mm * 0.12, UNCERTAIN, t)
        if state == "crossed":  # a frame, so the player's own cross stays visible
            i = round(min(w, h) * 0.08)
            cv2.rectangle(img, (p0[0] + i, p0[1] + i), (p1[0] - i, p1[1] - i), CROSSED, t)
        elif state == "circled":
            colour = SCORED if e.id in scored else CIRCLED
            cv2.ellipse(img, centre, (round(w * 0.62), round(h * 0.62)), 0, 0, 360, colour, t)
        elif state == "struck":
            cv2.line(img, (p0[0], p1[1]), (p1[0], p0[1]), STRUCK, t)
        if e.star and state == "empty":
            cv2.rectangle(img, p0, p1, STRUCK, t)
    return np.vstack([img, _panel(img.shape[1], r)])


def _panel(width: int, r: SheetResult) -> np.ndarray:
    s = r.score
    lines = [(f"{s.total} points  " + "  ".join(f"{k} {v:+d}" for k, v in s.breakdown.items()),
              (0, 0, 0))]
    lines.append((("green box crossed   blue O circled (orange: it scores)   orange / struck   "
                   "orange box: empty star   purple ?: uncertain"), (90, 90, 90)))
    for w in [*r.notes, *s.warnings, *s.problems]:
        lines.append((w, (0, 0, 160)))
    if r.uncertain:
        lines.append((f"uncertain: {', '.join(r.uncertain)}", UNCERTAIN))
    scale = width / 1400
    step = round(34 * scale)
    margin = round(12 * scale)
    rows = []  # the total larger and bolder than the rest
    for k, (text, colour) in enumerate(lines):
        size, thickness = (1.0 * scale, 2) if k == 0 else (0.8 * scale, 1)
        rows += [(part, colour, size, thickness)
                 for part in wrapped(text, size, thickness, width - 2 * margin)]
    panel = np.full((step * (len(rows) + 1), width, 3), 255, np.uint8)
    for k, (text, colour, size, thickness) in enumerate(rows):
        cv2.putText(panel, text, (margin, step * (k + 1)), cv2.FONT_HERSHEY_SIMPLEX, size,
                    colour, thickness, cv2.LINE_AA)
    return panel


def wrapped(text: str, size: float, thickness: int, width: int) -> list[str]:
    """`text` cut at spaces into lines no wider than `width` pixels as putText draws them (a
    word wider than that alone on its line): a note of two sentences runs past the sheet."""
    out: list[str] = []
    for word in text.split(" "):
        line = f"{out[-1]} {word}" if out else word
        fits = cv2.getTextSize(line, cv2.FONT_HERSHEY_SIMPLEX, size, thickness)[0][0] <= width
        if out and fits:
            out[-1] = line
        else:
            out.append(word)
    return out
