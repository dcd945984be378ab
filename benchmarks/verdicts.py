"""Every verdict of the reader on the benchmark's photos, as JSON lines: benchmarks/verdicts.py
[--sheets N] [--levels L,L] [--pen P] [--megapixels MP] [--solo] [--mono] [--printer P]
[--glare] [--grey] [--phone] [--curl] [--finger] [--written] [--lying pen|die] [--sloppy]
[--fold] [--first-seed S]
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

from score import Photos, add_photo_options, make_photo, photos_of, read_as_taken

from encore_print.errors import NoSheet


def verdicts(args: tuple[int, str, Photos]) -> list[dict]:
    seed, level, kind = args
    _, truth, photo = make_photo(seed, level, kind)
    where = {"level": level, "seed": seed}
    try:
        reading = read_as_taken(photo, kind, f"{level}-{seed}")
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
    add_photo_options(ap)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    work = [(seed, level, photos_of(a)) for level in a.levels.split(",")
            for seed in range(a.first_seed, a.first_seed + a.sheets)]
    with Pool(a.jobs) as pool:
        for rows in pool.imap(verdicts, work, chunksize=2):
            sys.stdout.writelines(json.dumps(r) + "\n" for r in rows)


if __name__ == "__main__":
    main()
