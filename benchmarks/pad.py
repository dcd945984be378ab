"""Pad rendering speed and size: python benchmarks/pad.py [LAYOUT]

Prints seconds for 1 and 200 sheets, sheets per second, and the bytes of both PDFs.
Targets (issue 2): 200-sheet PDF ≤ 1.1 × the 1-sheet PDF; ≥ 1000 sheets/s.
"""

import sys
import time

from encore_print.geometry import geometry
from encore_print.layout import load_layout
from encore_print.render.pad import pad_pdf


def timed(g, n: int, repeat: int = 5) -> tuple[float, int]:
    best, size = float("inf"), 0
    for _ in range(repeat):
        t = time.perf_counter()
        size = len(pad_pdf(g, n))
        best = min(best, time.perf_counter() - t)
    return best, size


def main() -> None:
    g = geometry(load_layout(sys.argv[1] if len(sys.argv) > 1 else "encore"))
    pad_pdf(g, 1)  # fonts registered, caches warm: measure the steady state
    t1, b1 = timed(g, 1)
    t200, b200 = timed(g, 200)
    print(f"layout                 {g.layout.id}")
    print(f"1 sheet                {t1 * 1000:8.1f} ms  {b1:9,d} bytes")
    print(f"200 sheets             {t200 * 1000:8.1f} ms  {b200:9,d} bytes")
    print(f"sheets per second      {200 / t200:8.0f}")
    print(f"size 200 / size 1      {b200 / b1:8.2f}")


if __name__ == "__main__":
    main()
