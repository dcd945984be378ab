"""Every verdict of the reader on the benchmark's photos, as JSON lines: benchmarks/verdicts.py
[--sheets N] [--levels L,L] [--pen P] [--solo] [--mono] [--printer P] [--glare] [--grey]
[--phone] [--curl] [--first-seed S]
> verdicts.jsonl

The photos are those of benchmarks/score.py (same seeds, same options). One line per element
read: level, seed, id, the true state, the state read, its confidence, whether a corner mark
was hidden, and the features the judge measured (coverage and limit, line and ring z-scores,
specks, the reason of a doubt, …); one line with "refused" per photo the reader refused. This
is what the limits in encore_print/read/tuning.py are measured on: load it, group by feature,
compare the truth.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from multiprocessing import Pool

from score import Photos, make_photo, photos_of

from encore_print.errors import NoSheet
from encore_print.read.sheet import read_image
from encore_print.simulate import PRINTERS


def verdicts(args: tuple[int, str, Photos]) -> list[dict]:
    seed, level, kind = args
    _, truth, photo = make_photo(seed, level, kind)
    where = {"level": level, "seed": seed}
    try:
        reading = read_image(photo, f"{level}-{seed}")
    except NoSheet as e:
        return [{**where, "refused": str(e).split(": ", 1)[-1]}]
    hidden = any("hidden" in n for n in reading.notes)
    return [{**where, "id": v.id, "truth": truth.get(v.id, "empty"), "state": v.state,
             "confidence": v.confidence, "hidden": hidden, **v.features}
            for v in reading.verdicts]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sheets", type=int, default=100, help="photos per level")
    ap.add_argument("--levels", default="ordinary,hard")
    ap.add_argument("--pen", choices=["felt", "ballpoint", "pencil"])
    ap.add_argument("--solo", action="store_true", help="cross the roll counter too")
    ap.add_argument("--mono", action="store_true", help="pads printed in grey")
    ap.add_argument("--printer", choices=sorted(PRINTERS), default="exact")
    ap.add_argument("--glare", action="store_true", help="a lamp reflected off every sheet")
    ap.add_argument("--grey", action="store_true", help="every photo saved in shades of grey")
    ap.add_argument("--phone", action="store_true",
                    help="every photo's tones steepened and sharpened by the phone")
    ap.add_argument("--curl", action="store_true", help="one edge of every sheet curled up")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    work = [(seed, level, photos_of(a)) for level in a.levels.split(",")
            for seed in range(a.first_seed, a.first_seed + a.sheets)]
    with Pool(a.jobs) as pool:
        for rows in pool.imap(verdicts, work, chunksize=2):
            sys.stdout.writelines(json.dumps(r) + "\n" for r in rows)


if __name__ == "__main__":
    main()
