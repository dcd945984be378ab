"""Two readers' verdicts on the same photos, compared: benchmarks/compare_verdicts.py BEFORE.jsonl
AFTER.jsonl (each made by benchmarks/verdicts.py with the same options, one per reader).

Per level, how many photos each reader read exact (every mark right, none uncertain), flagged
(something uncertain, every sure mark right), refused, mark-wrong (a sure mark wrong, the total
right once the uncertain marks are looked at) or wrong-unflagged (the total wrong: the worst), as
benchmarks/score.py counts them, and which photos moved between those; the seeds the second
reader reads wrong-unflagged; then every verdict that got worse: a right one that turned wrong
or less sure, a wrong one that turned sure. This is how a change to a limit in
encore_print/read/tuning.py is judged before it lands.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from score import total_of

from encore_print.layout import load_layout
from encore_print.read import tuning

Photo = tuple[str, int]  # level, seed
ENCORE = load_layout("encore")  # (the photos are of make_photo's sheets: this layout)


def load(path: Path) -> tuple[dict[Photo, dict[str, dict]], set[Photo]]:
    """The verdicts of each photo read, by element id; the photos refused."""
    read: dict[Photo, dict[str, dict]] = {}
    refused = set()
    with path.open() as f:
        for line in f:
            row = json.loads(line)
            photo = (row["level"], row["seed"])
            if "refused" in row:
                refused.add(photo)
            else:
                read.setdefault(photo, {})[row["id"]] = row
    return read, refused


def sure(row: dict) -> bool:
    return row["confidence"] >= tuning.CONFIDENT


def outcome(verdicts: dict[str, dict] | None) -> str:
    if verdicts is None:
        return "refused"
    if any(r["state"] != r["truth"] and sure(r) for r in verdicts.values()):
        looked_at = {i: r["state"] if sure(r) else r["truth"] for i, r in verdicts.items()}
        truth = {i: r["truth"] for i, r in verdicts.items()}
        return "mark-wrong" if total_of(ENCORE, looked_at) == total_of(ENCORE, truth) \
            else "wrong-unflagged"
    return "flagged" if any(not sure(r) for r in verdicts.values()) else "exact"


def worse(before: dict, after: dict) -> bool:
    """A right verdict turned wrong or less sure, or a wrong one turned sure."""
    right_before = before["state"] == before["truth"]
    right_after = after["state"] == after["truth"]
    if right_before and not right_after:
        return True
    if right_after:
        return right_before and after["confidence"] < before["confidence"]
    return sure(after) and not sure(before)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    a = ap.parse_args()
    (read_a, refused_a), (read_b, _) = load(a.before), load(a.after)  # refused: not read
    photos = sorted(set(read_a) | refused_a)
    for level in sorted({p[0] for p in photos}):
        counts_a, counts_b, moves, worst = Counter(), Counter(), Counter(), []
        for p in (p for p in photos if p[0] == level):
            oa, ob = outcome(read_a.get(p)), outcome(read_b.get(p))
            counts_a[oa] += 1
            counts_b[ob] += 1
            if ob == "wrong-unflagged":
                worst.append(p[1])
            if oa != ob:
                moves[f"{oa} -> {ob}"] += 1
        kinds = ("exact", "flagged", "refused", "mark-wrong", "wrong-unflagged")
        print(f"{level}: " + ", ".join(f"{k} {counts_a[k]} -> {counts_b[k]}" for k in kinds))
        for move, n in sorted(moves.items()):
            print(f"    {move}: {n}")
        if worst:
            print(f"    wrong-unflagged after: seeds {worst}")
    changed = got_worse = 0
    for p in photos:
        for eid, b in read_b.get(p, {}).items():
            r = read_a.get(p, {}).get(eid)
            if r is None or (r["state"], r["confidence"]) == (b["state"], b["confidence"]):
                continue
            changed += 1
            if worse(r, b):
                got_worse += 1
                print(f"  worse: {p[0]} seed {p[1]} {eid} (truly {b['truth']}): "
                      f"{r['state']} {r['confidence']:.2f} -> {b['state']} {b['confidence']:.2f}")
    print(f"{changed} verdicts changed, {got_worse} of them worse")


if __name__ == "__main__":
    main()
