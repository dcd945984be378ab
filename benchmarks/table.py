"""Table reading speed and memory: python benchmarks/table.py [--photos 30] [--jobs 2]

Generates 12-megapixel phone photos of finished Encore! sheets with the project's simulator
(10 different sheets, copied to make up the table), then runs `encore-print table DIR --html`
in a fresh process and prints:
  sheets per minute for the whole command (worker start-up, reading, report), and once the
  workers are running (from the --jobs-th sheet done to the last, in a second pass);
  peak memory (resident set, from resource.getrusage): the command's own process, and the
  largest worker process, with their sum for the jobs running at once.
Target (issue 4): ≥ 600 sheets/min on 2 cores; memory that does not grow with the photos.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

UNIQUE = 10  # different sheets generated; the rest are copies (reading costs the same)


def make_photo(args: tuple[int, str]) -> None:
    import cv2
    import numpy as np

    from encore_print.layout import load_layout
    from encore_print.simulate import photo_of, random_finished_sheet

    seed, path = args
    layout = load_layout("encore")
    rng = np.random.default_rng(seed)
    photo = photo_of(layout, random_finished_sheet(layout, rng), rng, out_megapixels=12)
    cv2.imwrite(path, photo, [cv2.IMWRITE_JPEG_QUALITY, 90])


def measure(folder: str, jobs: int, html: str) -> None:
    """Run in a fresh process: the command, in-process, then this process's peak memory."""
    from encore_print.cli import main

    t = time.perf_counter()
    try:
        main(["table", folder, "--jobs", str(jobs), "--html", html, "--force", "--json"],
             standalone_mode=False)
    except SystemExit:
        pass
    wall = time.perf_counter() - t
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # the largest worker
    # second pass, timed sheet by sheet: the rate once every worker has started
    from encore_print.sources import sources_in
    from encore_print.table_read import read_all

    done: list[float] = []
    read_all(sources_in([Path(folder)]), {}, True, jobs,
             lambda _: done.append(time.perf_counter()))
    steady = (len(done) - jobs) / max(1e-6, done[-1] - done[jobs - 1])
    print(json.dumps({"wall": wall, "own_kb": own, "worker_kb": child, "steady": steady}),
          file=sys.stderr)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--photos", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--measure", nargs=2, metavar=("FOLDER", "HTML"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.measure:
        measure(a.measure[0], a.jobs, a.measure[1])
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "photos"
        folder.mkdir()
        t = time.perf_counter()
        first = [(seed, str(folder / f"sheet-{seed:03d}.jpg")) for seed in range(UNIQUE)]
        with Pool(a.jobs) as pool:
            pool.map(make_photo, first)
        for k in range(UNIQUE, a.photos):
            shutil.copy(first[k % UNIQUE][1], folder / f"sheet-{k:03d}.jpg")
        size = sum(p.stat().st_size for p in folder.iterdir()) / a.photos / 1e6
        print(f"generated {a.photos} photos of 12 MP ({size:.1f} MB each) in "
              f"{time.perf_counter() - t:.0f} s")
        html = Path(tmp) / "table.html"
        m, read = _measure(folder, a.jobs, html)
        print(f"cores                  {len(os.sched_getaffinity(0))}, --jobs {a.jobs}, "
              f"load average {os.getloadavg()[0]:.1f}")
        print(f"sheets read            {read} of {a.photos}")
        print(f"wall clock             {m['wall']:8.1f} s")
        print(f"sheets per minute      {a.photos / m['wall'] * 60:8.0f}  (the whole command)")
        print(f"sheets per minute      {m['steady'] * 60:8.0f}  (workers running)")
        print(f"peak memory, command   {m['own_kb'] / 1024:8.0f} MB")
        print(f"peak memory, worker    {m['worker_kb'] / 1024:8.0f} MB  (x {a.jobs} at once: "
              f"{(m['own_kb'] + a.jobs * m['worker_kb']) / 1024:.0f} MB in all)")
        print(f"HTML report            {html.stat().st_size / 1e6:8.1f} MB")


def _measure(folder: Path, jobs: int, html: Path) -> tuple[dict, int]:
    """The command in a fresh process: (wall clock and peak memory, sheets ranked)."""
    run = subprocess.run([sys.executable, __file__, "--jobs", str(jobs), "--measure",
                          str(folder), str(html)], check=False, capture_output=True, text=True)
    last = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else ""
    if not last.startswith("{"):
        sys.exit(f"the table command failed:\n{run.stderr}")
    table = json.loads(run.stdout[:run.stdout.rindex("}") + 1])
    return json.loads(last), len(table["ranking"])


if __name__ == "__main__":
    main()
