"""Element verdicts from ink: crossed or empty for boxes, circled / struck / empty for values,
each with a confidence. The limits come from this sheet's own ink, not from fixed numbers:
a pencil sheet and a felt-tip sheet are judged each against itself."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np

from ..geometry import STAR, Element, element_centres
from ..rules.encore import ROLL
from . import tuning
from .helper import meanwhile
from .ink import percentile
from .owner import (
    PenBetween,
    borrowed_pen,
    foreign_pen,
    lent_to_values,
    middle_of,
    own_marks,
    pen_between,
    slight_pen,
)
from .wide_circle import doubt_wide_circles

VALUE_KINDS = ("column-value", "colour-bonus")


@dataclass(frozen=True)
class Patch:
    element: Element
    # ink map around the element, aligned to the print, above its paper level; 0 where `seen`
    # is False (see sheet._stack_ink)
    ink: np.ndarray
    origin_px: tuple[int, int]  # where the patch's (0, 0) is on the sheet, in pixels
    seen: np.ndarray | None = None  # True where pen could show (the print is not dark)


@dataclass(frozen=True)
class Verdict:
    id: str
    state: str  # empty, crossed, circled, struck
    confidence: float  # 0 (a guess) … 1 (certain)
    features: dict[str, float]

    @property
    def uncertain(self) -> bool:
        return self.confidence < tuning.CONFIDENT

    def doubted(self, **why: float) -> Verdict:
        """This verdict made a doubt (half the confidence that is sure, at most), with the
        reason among its features."""
        return Verdict(self.id, self.state, min(self.confidence, tuning.CONFIDENT / 2),
                       {**self.features, **why})


def pixel_threshold(tops: dict[str, dict[float, float]], rows: list[SortedMaps]) -> float:
    """How much darker than its surroundings a pixel must be to count as pen on this sheet:
    well above the photo's noise on the paper, and a fair part of how dark this sheet's pen
    is. The quietest boxes of a sheet are empty ones: their ink is the photo's noise.
    `rows`: each box's ink map inside it (see _inner), sorted (see _sorted_maps)."""
    per_box = np.sort([tops[i][tuning.NOISE_PERCENTILE] for i in tops])
    noise = float(np.median(per_box[:max(1, round(len(per_box) * tuning.QUIETEST_BOXES))]))
    # (the pixels in any order: the percentile sorts them; these rows are sorted already)
    strong = np.concatenate([r[r > tuning.MIN_PIXEL_INK] for _, r, _ in rows])
    pen = float(percentile(strong, 90)) if strong.size > tuning.MIN_PEN_PIXELS else 1.0
    return max(tuning.MIN_PIXEL_INK, tuning.NOISE_FACTOR * noise, tuning.PEN_FRACTION * pen)


def judge(patches: list[Patch], px_per_mm: float, faint_unsure: bool = False,
          shaded: frozenset[str] = frozenset(), blur_mm: float = 0.0, hatch_dark: float = 0.0,
          paled: dict[str, float] | None = None) -> tuple[list[Verdict], float]:
    """Every element's verdict, and the sheet's contrast (see `contrast`). On a sheet whose
    pen barely stands out, every verdict is held to a stricter standard. Small boxes (the solo
    roll counter) are judged by the limits the other elements set, and take no part in them.
    `faint_unsure`: faint evidence (a faint pen's specks, a line through a value with no pen
    round it) makes doubts only, or is no surer than any, for something may lie over the
    sheet (a corner mark is hidden: a thumb) or its print pass for it (a black-and-white pad's
    hatching; a sheet laid flat, whose print fits less exactly);
    `shaded`: the elements near a hidden corner mark, whose shade can darken a box or a value
    as faint pen does, and whose edge is a line. `blur_mm`: the photo's blur (sigma), which
    can wipe out a faint pen's palest crosses. `hatch_dark`: how much light the hatching of a
    black-and-white pad's cells takes away (0: none), which a paler pen's strokes can vanish
    into. `paled`: per element, how much of its print's contrast the photo shows against the
    sheet's usual (see glare.paled_print)."""
    small = [p for p in patches if is_small(p.element)]
    patches_main = [p for p in patches if not is_small(p.element)]
    boxes = [p for p in patches_main if p.element.kind not in VALUE_KINDS]
    values = [p for p in patches_main if p.element.kind in VALUE_KINDS]
    # the high percentiles of each box's ink that the sheet's limits are drawn from (noise,
    # pen, the paper's darkest specks, a faint cross's specks), from one sort per box size
    inner = {p.element.id: _inner(p, px_per_mm) for p in boxes}  # cut out once: it adds up
    qs = sorted({tuning.NOISE_PERCENTILE, tuning.SPECKS_PERCENTILE, 95, 99})
    rows = _sorted_maps(inner)
    tops = _tops_of(inner, rows, qs)
    t = pixel_threshold(tops, rows)
    cells = [p for p in boxes if p.element.kind == "cell"]
    stars = {p.element.id: STAR * p.element.box_mm[2] for p in cells if p.element.star}  # radii, mm
    # (the helper's, while this reads, before its work that is only needed after the judge)
    between = meanwhile(pen_between, cells, t, px_per_mm, first=True)
    # where pen can show in each box (not under dark print), cut out alike: coverage, specks
    # and the doubt on stars measure it
    seen = ({p.element.id: _inner(p, px_per_mm, of=p.seen) for p in boxes}
            if all(p.seen is not None for p in boxes) else None)
    cover = dict(zip(inner, _stroke_cover(list(inner.values()), t, px_per_mm,
                                          seen=None if seen is None else list(seen.values()))))
    limit = _box_limit(list(cover.values()))
    # lines only matter where the coverage is not already conclusive
    clear = {i for i, c in cover.items() if c >= limit * tuning.SURE_RATIO}  # beyond doubt
    unsure = [p for p in boxes if p.element.id not in clear]
    measured = _pen_level(clear, tops)
    pen_level = 1.0 if measured is None else measured  # unknown: taken as black
    faint = pen_level < tuning.FAINT_PEN
    # a dark pen's stroke reaching in from a neighbour's box is no line across this one; a
    # faint pen's lines are judged whole (its short grainy strokes would lose their ends)
    parts = 1 if faint else tuning.LINE_PARTS
    darkest = _line_darkest(unsure, px_per_mm, tuning.LINE_INSET, parts)
    line = _line_z(darkest, {i: cover[i] < limit for i in darkest},
                   {p.element.id: hatch_dark > 0 and p.element.kind == "cell" for p in unsure})
    lines = FAINT_LINES if faint else USUAL_LINES
    # a faint stroke through a value leaves no specks in a box to doubt it by
    value_lines = replace(lines, doubt=tuning.VALUE_LINE_DOUBT_FAINT) if faint else lines
    # on the cells and values, doubt earlier still when the pen barely passes the pen
    # threshold (the roll counter does not score)
    weak = min(pen_level, 1.0) < tuning.WEAK_PEN * t

    def weakened(limits: LineLimits, doubt: float = tuning.LINE_DOUBT_WEAK) -> LineLimits:
        return replace(limits, doubt=min(limits.doubt, doubt)) if weak else limits

    main = weakened(lines)
    usual = replace(USUAL_LINES, doubt=main.doubt)
    limits_of = {i: main if darkest.get(i, 0.0) >= tuning.LINE_PEN_SHARE * t else usual
                 for i in cover}
    out = [_box_verdict(i, cover[i], limit, line.get(i, -np.inf), limits_of[i]) for i in cover]
    specks: dict[str, float] = {}
    if faint:
        specks = _specks(boxes, inner, seen, [v.id for v in out if v.state == "empty"])
        if not faint_unsure:
            out = _firm_by_specks(out, specks)
    if measured is not None:
        out = _doubt_pale_crosses(out, cover, limit, tops, measured, shaded)
    out = _doubt_pen_at_the_edges(out, inner, cover, limit, t, px_per_mm,
                                  {p.element.id for p in cells})
    if seen is not None:
        out = _doubt_pen_along_the_print(out, inner, seen, cover, limit, t, px_per_mm,
                                         {p.element.id for p in boxes if p.element.kind == "joker"})
    slight = slight_pen(between.result(), clear)
    lent = borrowed_pen(between.result(), {v.id for v in out if v.state == "crossed"}, slight)
    out = [v.doubted(neighbours_mark=lent[v.id]) if v.id in lent and not v.uncertain else v
           for v in out]
    # the contrast is the pen's that coverage and lines see: crosses read from specks alone
    # are faint by definition
    c = contrast(boxes, out, tops)
    if hatch_dark:
        # behind a black-and-white pad's hatching less of the photo's noise shows than on
        # plain paper (a contrast 1.3-1.9 times a colour pad's, same photos): the paper of the
        # plain boxes (exclamation marks) bounds it as a colour pad's would
        c = min(c, contrast(boxes, out, tops, [p for p in boxes if p.element.kind != "cell"]))
    # where a thumb may shade a box, the edge of its shadow is a line too: a cross that only
    # its line shows there is not sure
    out = [v.doubted(shade_line=1.0) if v.id in shaded and v.state == "crossed"
           and cover[v.id] < limit else v for v in out]
    # a faint pen's specks, strokes and lines are read as marks only where nothing may shade
    # the sheet
    if faint:
        out = _read_specks(out, specks, trusted=not faint_unsure)
        out = _doubt_specks_out_of_place(out, stars, {p.element.id for p in cells
                                                      if not p.element.star}, inner, px_per_mm)
        # a faint cross read from its specks alone is not sure where its pen over the threshold
        # is all a neighbour's stroke reaching in: the specks may be that stroke's
        specked = {v.id for v in out if v.state == "crossed" and "specks_z" in v.features
                   and not v.uncertain}
        tails = foreign_pen(between.result(), {v.id for v in out if v.state == "crossed"}, specked)
        out = [v.doubted(specks_lent=tails[v.id]) if tails.get(v.id, 0.0) >= tuning.TAIL_SHARE
               else v for v in out]
        if pen_level >= tuning.PEN_SHOWS * t:
            # the pen shows well above the threshold: a cross of it would show in the
            # coverage too, so one that only lines or specks see may be the print's leftover
            out = [v.doubted(pen_shows=round(pen_level / t, 2))
                   if v.state == "crossed" and cover[v.id] < limit else v for v in out]
    out = _doubt_pen_to_one_side(out, inner, t, slight)
    out = _judge_own_pen(out, between.result(), inner, cover, limit, line, limits_of, t,
                         px_per_mm, slight)
    # a star's outline can hide most of a slash through its cell: what shows of it lies in
    # pieces too small for the coverage, off any line, but they are the cell's own mark, and
    # as dark as pen (the noise of a grainy photo strings into marks too, paler)
    mine = own_marks(between.result(), clear, {v.id for v in out if v.state == "empty"
                                               and not v.uncertain and v.id in stars})
    dark = {i: _dark_mm2(inner[i], None if seen is None else seen[i], tuning.STAR_OWN_DARK * t,
                         px_per_mm) for i, m in mine.items() if m >= tuning.STAR_OWN_MARK}
    out = [v.doubted(own_mark=mine[v.id]) if dark.get(v.id, 0.0) >= tuning.STAR_OWN_DARK_MM2
           else v for v in out]
    noise = _value_noise(values, t, px_per_mm)
    value_t = {kind: max(t, top) for kind, (top, _) in noise.items()}

    def value_verdict(p: Patch) -> Verdict:
        return _value_verdict(p, value_t[p.element.kind], pen_level, px_per_mm,
                              noise[p.element.kind][1])

    read = _judge_values_own_pen({p.element.id: value_verdict(p) for p in values}, values,
                                 value_verdict, value_t, px_per_mm)
    value_line, value_ring, value_round = {}, {}, {}  # each kind against its own: a wide bonus
    for kind in VALUE_KINDS:  # box has longer lines in it
        empty = [p for p in values
                 if p.element.kind == kind and read[p.element.id].state == "empty"]
        struck = [p for p in values
                  if p.element.kind == kind and read[p.element.id].state == "struck"]
        judged = empty + (struck if len(empty) >= tuning.VALUES_COMPARED else [])
        value_line.update(_line_scores(judged, empty, px_per_mm, 0.0))
        ring, round_ = _ring_scores(judged, empty, px_per_mm)
        value_ring.update(ring)
        value_round.update(round_)
    read = _doubt_circles_like_neighbours(read, [p.element for p in values])
    weak_values = weakened(value_lines, tuning.VALUE_LINE_DOUBT_WEAK)
    read = _doubt_struck_round({
        i: _weigh_lines(v, value_line[i], value_ring[i], value_round[i], weak_values,
                        i in shaded, faint_unsure)
        if i in value_line else v for i, v in read.items()})
    read = _doubt_circles_the_row_shows(read, values, value_verdict, value_t, px_per_mm)
    read = doubt_wide_circles(read, values, value_t, px_per_mm)
    out += _doubt_one_sided_strokes(read, values, px_per_mm).values()
    # small boxes keep the usual line limits (tuning.py): their outline leaves more in them to
    # mistake
    out += _small_verdicts(small, inner, {i for i, c in cover.items() if c < limit}, t, limit,
                           USUAL_LINES, px_per_mm)
    order = {p.element.id: k for k, p in enumerate(patches)}
    v_el = {p.element.id: p.element for p in patches}
    dull = faint and c < tuning.GOOD_CONTRAST
    out = _doubt_if_hidden(out, lambda i: _visible(seen[i]) if seen and i in seen else 1.0,
                           specks if dull else {},
                           tuning.STAR_LINE_DOUBT if dull else tuning.STAR_LINE_DOUBT_ANY)
    q = float(np.clip((c - tuning.MIN_CONTRAST) / (tuning.GOOD_CONTRAST - tuning.MIN_CONTRAST),
                      0, 1))
    if q < 1:
        out = [Verdict(v.id, v.state, round(v.confidence * (0.5 + 0.5 * q), 3), v.features)
               for v in out]
    shown = (blur_mm < tuning.WEAK_PEN_BLUR_MM and c >= tuning.WEAK_PEN_CONTRAST) or (
        c >= max(tuning.WEAK_PEN_CLEAR, tuning.WEAK_PEN_CLEAR_PER_MM * blur_mm))
    # (boxes read empty in doubt for a faint line or specks: crosses the photo only just shows)
    in_doubt = sum(v.state == "empty" and v.uncertain and v_el[v.id].kind not in VALUE_KINDS
                   and not is_small(v_el[v.id]) for v in out)
    if weak and (not shown or in_doubt >= tuning.WEAK_PEN_EMPTY_DOUBTS):
        # the pen barely shows anywhere, and the photo is too blurred or dull to show its
        # palest crosses, or shows many only just: no pen seen is no evidence (however good
        # the contrast: a blur can wipe out a faint line that the contrast never measured)
        out = [v.doubted(weak_pen=1.0) if v.state == "empty" and not is_small(v_el[v.id])
               else v for v in out]
    # a reflection's veil adds light that went through neither the print nor the pen: where the
    # print shows paler than is usual on this sheet, so does a cross, and one of a pen that
    # barely passes the threshold, as paled there, may not pass it
    empty = {v.id for v in out if v.state == "empty"}
    asked = {v.id for v in out if v.state != "empty" and not v.uncertain
             and (v_el[v.id].star or v.features.get("dark", 1.0) < 1.0)}
    fitted, elements = paled or {}, [p.element for p in patches_main]
    # (a marked element's own fit takes its pen in: only the empty ones tell of a veil)
    lenders = [e for e in elements if e.id in fitted and e.id in empty]
    around = _paling_around(fitted, lenders, [e for e in elements if e.id in asked])
    paled = _lend_paling(fitted, elements, lenders)
    edge = _veil_edge(fitted, elements, lenders)
    out = [v.doubted(paled=round(paled[v.id], 2))
           if v.state == "empty" and not v.uncertain and not is_small(v_el[v.id])
           and paled.get(v.id, 1.0) < (tuning.PALED_EDGE if v.id in edge else tuning.PALED)
           and min(pen_level, 1.0) * paled[v.id] < tuning.PALED_PEN * t else v for v in out]
    # ...and it darkens a white star against its fill as pen does (see glare.star_veils), and
    # lifts a value's grey box more than the paper round it, in a ring a circle leaves too: a
    # star read crossed, or a value read marked with pen paler than the crosses, is not sure
    # where the print of the empty elements round it is paled
    out = [v.doubted(paled_around=round(around[v.id], 2))
           if around.get(v.id, 1.0) < tuning.PALED else v for v in out]
    if hatch_dark and (c < tuning.WEAK_PEN_CONTRAST
                       or pen_level < tuning.HATCH_HIDES_PEN * hatch_dark
                       or measured is None):
        # a black-and-white pad, and a pen paler than its hatching (or a dull photo, whose
        # contrast the hatching flatters: noise behind it is not seen): where the reader
        # expects a hatching line it cannot see such a pen, and a stroke that runs along the
        # hatching is lost; nor does the contrast say, as on a colour pad, how pale the pen is
        # elsewhere. No pen seen is no evidence.
        out = [v.doubted(hatched=1.0) if v.state == "empty" and not is_small(v_el[v.id])
               else v for v in out]
    return sorted(out, key=lambda v: order[v.id]), c


def _paling_around(paled: dict[str, float], lenders: list[Element], marked: list[Element]
                   ) -> dict[str, float]:
    """Per element `marked` (its own print takes its pen into the fit), the median of `paled`
    (see glare.paled_print) over the `lenders` (elements read empty, fitted) within
    PALED_REACH_MM of its centre (none where there are none)."""
    if not lenders or not marked:
        return {}
    near = _within_reach(marked, lenders)
    values = np.where(near, np.array([paled[e.id] for e in lenders])[None], np.nan)
    return {e.id: float(np.nanmedian(row)) for e, row, any_ in zip(marked, values, near.any(1))
            if any_}


def _veil_edge(paled: dict[str, float], elements: list[Element], lenders: list[Element]
               ) -> set[str]:
    """The `elements` within PALED_REACH_MM of one of the `lenders` (read empty, fitted) whose
    print is paled under PALED (see glare.paled_print): a veil fades out over an element or
    two round where it pales the print that much."""
    under = [e for e in lenders if paled[e.id] < tuning.PALED]
    if not under:
        return set()
    return {e.id for e, n in zip(elements, _within_reach(elements, under).any(axis=1)) if n}


def _within_reach(these: list[Element], those: list[Element]) -> np.ndarray:
    """Which of `those` lie within PALED_REACH_MM of each of `these` (bool, these × those),
    centre to centre."""
    off = element_centres(these)[:, None] - element_centres(those)[None]
    return np.hypot(off[..., 0], off[..., 1]) <= tuning.PALED_REACH_MM


def _lend_paling(paled: dict[str, float], elements: list[Element], lenders: list[Element]
                 ) -> dict[str, float]:
    """`paled` (see glare.paled_print), and for each of the `elements` it lacks (a print too
    even to fit) that of its nearest of the `lenders` (read empty, fitted): a veil is wider than
    an element, and pen over a neighbour's print pales its fit too (a circle round a value, to
    a fifth)."""
    if not lenders:
        return paled
    at = element_centres(lenders)
    out = dict(paled)
    for e, centre in zip(elements, element_centres(elements)):
        if e.id not in paled:
            out[e.id] = paled[lenders[int(np.argmin(np.hypot(*(at - centre).T)))].id]
    return out


@dataclass(frozen=True)
class LineLimits:
    """Line evidence (robust z against the sheet's quiet boxes) that reads a box crossed, that
    makes that sure, and that makes an empty verdict a doubt."""

    crossed: float
    sure: float
    doubt: float


USUAL_LINES = LineLimits(tuning.LINE_CROSSED, tuning.LINE_SURE, tuning.LINE_DOUBT)
# a faint pen (pencil) can leave a cross that only the line evidence sees, and it cannot leave
# a dark overshoot in a neighbour's box either: its lines count from lower
FAINT_LINES = LineLimits(tuning.LINE_CROSSED_FAINT, tuning.LINE_SURE_FAINT,
                         tuning.LINE_DOUBT_FAINT)
# the ring that follows a circle round a value as a line's evidence is weighed (see _by_rings):
# a value read empty is a doubt from ROUND_DOUBT
ROUND_LIMITS = LineLimits(tuning.ROUND_CIRCLED, tuning.ROUND_SURE, tuning.ROUND_DOUBT)


def what_follows(verdicts: list[Verdict]) -> list[Verdict]:
    """The doubts that follow from others (see _doubt_unstruck, _doubt_both_circled,
    _doubt_lower_struck, _doubt_counter_gaps), and the roll boxes that the counter's order
    tells (see _rolls_after_an_empty_box): to be worked out once every other doubt is cast, a
    thumb's over the print too."""
    return _rolls_after_an_empty_box(_doubt_counter_gaps(_doubt_lower_struck(
        _doubt_both_circled(_doubt_unstruck(verdicts)))))


def _doubt_lower_struck(verdicts: list[Verdict]) -> list[Verdict]:
    """Only an upper value ("…:first") is ever struck, by a player someone else beat to it:
    a lower one read struck is a neighbour's stroke or circle reaching in more likely than a
    player's slip (and either way the sheet wants a look)."""
    return [v.doubted(lower_struck=1.0) if v.state == "struck" and v.id.endswith(":others")
            else v for v in verdicts]


def _doubt_both_circled(verdicts: list[Verdict]) -> list[Verdict]:
    """A player circles one value of a column or colour, the upper or the lower: both read
    circled, one of them is not (a hurried neighbour's circles round a struck value read as
    its own circle), and which one only a look at the sheet tells. (The rules warn of such a
    sheet too; the reader says where to look.) So with one read circled and the other in doubt
    for a wide circle (see wide_circle): such a circle round the lower value, read empty, had
    reached over the struck upper one, read circled for sure (--sloppy ordinary seeds 20012
    and 20078)."""
    by_id = {v.id: v for v in verdicts}

    def pair(i: str) -> Verdict | None:
        head, _, tail = i.rpartition(":")
        return by_id.get(f"{head}:{'others' if tail == 'first' else 'first'}")

    def maybe_circled(v: Verdict | None) -> bool:
        return v is not None and (v.state == "circled" or "wide_circle" in v.features)

    return [v.doubted(both_circled=1.0) if v.state == "circled" and v.id.endswith(
        (":first", ":others")) and maybe_circled(pair(v.id)) else v for v in verdicts]


def _doubt_unstruck(verdicts: list[Verdict]) -> list[Verdict]:
    """Whoever circles a lower value ("…:others") was not first, and strikes the upper one
    ("…:first"): an upper value read empty beside a circled lower one is more likely a stroke
    too faint to see (a pencil stroke hidden by the digit) than a player who forgot it. So is
    one beside a lower value that may be circled (not sure): on a photo too blurred to show
    the circle, the stroke may have vanished into the digit too."""
    lower = {v.id: v for v in verdicts}
    out = []
    for v in verdicts:
        head, _, tail = v.id.rpartition(":")
        below = lower.get(f"{head}:others")
        if tail == "first" and v.state == "empty" and below is not None and (
                below.state == "circled" or below.uncertain):
            v = v.doubted(lower_circled=1.0)
        out.append(v)
    return out


def _roll(v: Verdict) -> int:
    """A roll box's number; 0 for any other element."""
    row, _, number = v.id.partition(":")
    return int(number) if row == ROLL else 0


def _doubt_counter_gaps(verdicts: list[Verdict]) -> list[Verdict]:
    """The roll counter is crossed in order, one box per roll, from the first box on. Read
    otherwise, from its first box read empty to its last one read crossed for sure, every box
    is a doubt: the empty ones may be crosses too faint to see (a pencil's), the crossed ones
    a shade read as pen (a thumb's), more likely than rolls the player skipped."""
    first = min((_roll(v) for v in verdicts if _roll(v) and v.state != "crossed"), default=0)
    last = max((_roll(v) for v in verdicts if v.state == "crossed" and not v.uncertain),
               default=0)
    return [v.doubted(counter_gap=1.0) if 0 < first <= _roll(v) <= last else v
            for v in verdicts]


def _rolls_after_an_empty_box(verdicts: list[Verdict]) -> list[Verdict]:
    """The roll counter is crossed in order, so every box after one seen empty for sure is
    empty too. A doubt there is settled so, as sure as that box (its number is `after_empty`),
    where the two agree (the box read empty: a line a little out of the usual) or what hides
    the box explains why they do not (a thumb or a finger over it, `print_unseen`, `covered`:
    its shade reads as pen). A table game leaves the counter empty; a solo game's last rolls
    hidden after a crossed box stay doubts, and so does a faint cross seen after an empty box
    (a roll the player skipped?). Only a counter read for sure up to that box tells: where a
    box before it is a doubt, a faint pencil cross may have been seen empty (a solo hard
    photo's roll 15 was, at 0.62)."""
    rolls = [(n, v) for v in verdicts if (n := _roll(v))]
    seen_empty = [(n, v) for n, v in rolls if v.state == "empty" and not v.uncertain]
    if not seen_empty:
        return verdicts
    first, sure = min(seen_empty, key=lambda nv: nv[0])
    if any(n < first and v.uncertain for n, v in rolls):
        return verdicts
    settled = {v.id: Verdict(v.id, "empty", sure.confidence, {**v.features, "after_empty": first})
               for n, v in rolls if n > first and v.uncertain and (
                   v.state == "empty" or "print_unseen" in v.features or "covered" in v.features)}
    return [settled.get(v.id, v) for v in verdicts]


def is_small(e: Element) -> bool:
    return e.kind not in VALUE_KINDS and min(e.box_mm[2], e.box_mm[3]) < tuning.SMALL_BOX_MM


def _small_verdicts(small: list[Patch], boxes: dict[str, np.ndarray], quiet: set[str],
                    t: float, limit: float, lines: LineLimits, px_per_mm: float
                    ) -> list[Verdict]:
    """Small boxes, with the sheet's pen threshold and coverage limit (scaled to their size),
    looked at away from their printed outline. A faint line is measured along a segment as
    long as such a box allows, against the same measure on the quiet ones among them or, when
    few are quiet, on the middle of the sheet's empty big boxes (`quiet`; `boxes`: the big
    boxes' ink inside them)."""
    def inner(p: Patch) -> np.ndarray:
        return _inner(p, px_per_mm, tuning.SMALL_BOX_INSET_MM / p.element.box_mm[2])

    limit *= tuning.SMALL_LIMIT_FACTOR
    own_ink = {p.element.id: inner(p) for p in small}
    cover = dict(zip(own_ink, _stroke_cover(list(own_ink.values()), t, px_per_mm,
                                            tuning.SMALL_MIN_STROKE_MM2)))
    maps = {i: m for i, m in own_ink.items() if cover[i] < limit * tuning.SURE_RATIO}
    line: dict[str, float] = {}
    if maps:
        side = min(min(m.shape) for m in maps.values())
        length = side / px_per_mm * tuning.SMALL_LINE_FRACTION
        evidence = dict(zip(maps, _line_evidence(list(maps.values()), px_per_mm, length)))
        own = [v for i, v in evidence.items() if cover[i] < limit]
        paper = own if len(own) >= tuning.SMALL_QUIET else _line_evidence(
            [_middle(m, side) for i, m in boxes.items() if i in quiet],
            px_per_mm, length)
        line = _robust_z(evidence, paper)
    return [_box_verdict(i, cover[i], limit, line.get(i, -np.inf), lines) for i in cover]


def _middle(a: np.ndarray, side: int) -> np.ndarray:
    """The side × side square in the middle of `a`."""
    y, x = (a.shape[0] - side) // 2, (a.shape[1] - side) // 2
    return a[max(0, y):y + side, max(0, x):x + side]


def contrast(boxes: list[Patch], verdicts: list[Verdict],
             tops: dict[str, dict[float, float]], paper_boxes: list[Patch] | None = None
             ) -> float:
    """How clearly this sheet's pen stands out from its paper: the typical darkest pen in the
    boxes read crossed (95th percentile of the ink in each) over the typical darkest speck in
    those read empty (99th), of `paper_boxes` if given."""
    state = {v.id: v.state for v in verdicts}
    pen = [tops[p.element.id][95] for p in boxes if state[p.element.id] == "crossed"]
    paper = [tops[p.element.id][99] for p in (boxes if paper_boxes is None else paper_boxes)
             if state[p.element.id] == "empty"]
    if len(pen) < 3 or len(paper) < 3:
        return float("inf")  # nothing to compare: an empty or a full sheet
    return float(np.median(pen) / max(float(np.median(paper)), tuning.MIN_PIXEL_INK / 4))


def _pct(a: np.ndarray, q: float | list[float]) -> float | list[float]:
    """The q-th percentile (nearest rank), or a list of them for a list of q: np.percentile
    is slow on many small arrays. Found by a sort: an ink map is half exact zeros or more, on
    which numpy's SIMD sort is several times faster than its partition (same values). Where
    every rank asked for lies among the map's pen (above 0), only that is sorted: it sorts
    after all the rest (the ink round a value is about three quarters zeros)."""
    flat = a.ravel()
    ks = [min(len(flat) - 1, max(0, round(x / 100 * (len(flat) - 1))))
          for x in (q if isinstance(q, list) else [q])]
    above = flat > 0
    below = len(flat) - np.count_nonzero(above)
    if below and ks and min(ks) >= below:  # (none below: no copy to make)
        part, ks = np.sort(flat[above]), [k - below for k in ks]
    else:
        part = np.sort(flat)
    return [float(part[k]) for k in ks] if isinstance(q, list) else float(part[ks[0]])


def _tops(maps: dict[str, np.ndarray], qs: list[float],
          seen: dict[str, np.ndarray] | None = None) -> dict[str, dict[float, float]]:
    """Per map, its q-th percentiles (nearest rank) as _pct gives them, from one sort per
    size of map (per map, numpy's overhead cost more than the sorting); with `seen` (a mask
    per map), of the pixels where it is True only (all of a map where none is)."""
    return _tops_of(maps, _sorted_maps(maps, seen), qs)


# per size of map: the maps' ids, their pixels sorted (a row each), how many of each count
SortedMaps = tuple[list[str], np.ndarray, np.ndarray]


def _sorted_maps(maps: dict[str, np.ndarray], seen: dict[str, np.ndarray] | None = None
                 ) -> list[SortedMaps]:
    """The maps' pixels sorted, one sort per size of map; with `seen` (a mask per map), the
    pixels where it is False sort first, as -inf, and do not count (all of a map count where
    none is True)."""
    by_shape: dict[tuple[int, ...], list[str]] = {}
    for i, m in maps.items():
        by_shape.setdefault(m.shape, []).append(i)
    out = []
    for ids in by_shape.values():
        rows = np.stack([maps[i] for i in ids]).reshape(len(ids), -1)
        n = np.full(len(ids), rows.shape[1])
        if seen is not None:
            shows = np.stack([seen[i] for i in ids]).reshape(rows.shape)
            n = np.count_nonzero(shows, axis=1)
            shows[n == 0] = True
            n[n == 0] = rows.shape[1]
            np.putmask(rows, ~shows, np.float32(-np.inf))  # what is left out sorts first
        out.append((ids, np.sort(rows, axis=1), n))
    return out


def _tops_of(maps: dict[str, np.ndarray], sorted_maps: list[SortedMaps], qs: list[float]
             ) -> dict[str, dict[float, float]]:
    """_tops, from the maps sorted (see _sorted_maps)."""
    out = {}
    for ids, rows, n in sorted_maps:
        ks = np.array([np.clip(np.round(q / 100 * (n - 1)), 0, n - 1) for q in qs], int).T
        ks += (rows.shape[1] - n)[:, None]
        for i, row in zip(ids, np.take_along_axis(rows, ks, axis=1).tolist()):
            out[i] = dict(zip(qs, row))
    return {i: out[i] for i in maps}


def _stroke_cover(ink_maps: list[np.ndarray], t: float, px_per_mm: float,
                  least_mm2: float = tuning.MIN_STROKE_MM2,
                  seen: list[np.ndarray] | None = None) -> list[float]:
    """Per box, the share of it covered by pen strokes: pixels above `t` that belong to a mark
    of some size (grainy pencil is joined first), not specks of paper texture or noise. With
    `seen` (per box, where pen can show: not under dark print), the share of that part of it:
    a star's outline hides some of a cross through its cell, whose coverage would otherwise
    fall short of a plain cell's.

    The boxes are laid out on one mosaic, apart by the joining radius, so the joining and the
    labelling run once for all. The gaps keep each box to itself and stand for its outside
    as it is alone: nothing while strokes are spread, everything while they shrink back."""
    k = 2 * round(tuning.STROKE_JOIN_MM * px_per_mm / 2) + 1
    if not ink_maps:
        return []
    places, groups, grid_shape, outside, inside = _mosaic(tuple(m.shape for m in ink_maps), k)
    pen = np.zeros(outside.shape, np.uint8)
    for place, m in zip(places, ink_maps):
        np.greater(m, t, out=pen[place])  # (straight into the mosaic: no temporary)
    shows = None
    if seen is not None:
        shows = np.zeros(outside.shape, np.uint8)
        for place, m in zip(places, seen):
            shows[place] = m
        shows = shows.reshape(grid_shape)
    # MORPH_CLOSE, in its two steps; the masks as 0/1 bytes (numpy's boolean indexing of the
    # whole mosaic took longer than the closing itself)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    joined = np.maximum(cv2.dilate(pen, kernel), outside)
    joined = np.minimum(cv2.erode(joined, kernel), inside)
    # the areas counted over the marks only: connectedComponentsWithStats takes 10 times
    # longer, for the statistics of the empty background too
    n, labels = cv2.connectedComponents(joined, connectivity=8)
    big = np.bincount(labels[joined > 0], minlength=n) >= least_mm2 * px_per_mm ** 2
    big[0] = False
    kept = _looked_up(big.view(np.uint8), labels) & pen
    # the boxes of one size weighed together, each summed as it was alone (the same bits)
    grid = kept.reshape(grid_shape)  # grid row, y in a cell, grid column, x in a cell
    out = np.zeros(len(places), np.float32)
    for ks, rows, cols, h, w in groups:
        if h and w:
            weights, total = _centre_weights((h, w))
            out[ks] = (grid[rows, :h, cols, :w] * weights).sum(axis=(1, 2)) / total
            if shows is not None:  # (a box mostly hidden would count its few pixels' noise)
                share = (shows[rows, :h, cols, :w] * weights).sum(axis=(1, 2)) / total
                out[ks] /= np.maximum(share, tuning.COVER_SEEN_FLOOR)
    return out.tolist()


def _looked_up(table: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """table[labels] (uint8), by OpenCV's lookup where the labels fit in a byte: a third of
    numpy's time on a mosaic's int32 labels."""
    if len(table) > 256:
        return np.take(table, labels)
    return cv2.LUT(labels.astype(np.uint8), np.pad(table, (0, 256 - len(table))))


@lru_cache(maxsize=8)
def _mosaic(shapes: tuple[tuple[int, int], ...], k: int):
    """_stroke_cover's mosaic for boxes of `shapes`: where each box lies on it; the boxes
    grouped by size, each group as (its boxes, their grid rows and columns, the size); the
    mosaic's shape as a grid (rows, cell height, columns, cell width); its outside and inside
    (uint8 0/1). The same for every photo of a layout: kept."""
    hs, ws = np.array(shapes).T
    ch, cw = int(hs.max()) + k // 2, int(ws.max()) + k // 2  # a box and a gap
    cols = int(np.ceil(np.sqrt(len(shapes))))
    rows = -(-len(shapes) // cols)
    inside = np.zeros((rows * ch, cols * cw), np.uint8)
    places, by_size = [], {}
    for n, (h, w) in enumerate(shapes):
        y, x = n // cols * ch, n % cols * cw
        places.append(np.s_[y:y + h, x:x + w])
        inside[places[-1]] = 1
        by_size.setdefault((h, w), []).append(n)
    groups = [(np.array(ks), np.array(ks) // cols, np.array(ks) % cols, h, w)
              for (h, w), ks in by_size.items()]
    return places, groups, (rows, ch, cols, cw), 1 - inside, inside


@lru_cache(maxsize=64)
def _centre_weights(shape: tuple[int, int]) -> tuple[np.ndarray, np.float32]:
    """1 over the middle of a box, falling to 0 at its edges: a cross is drawn in the middle,
    while a neighbour's stroke that overshoots only reaches the edge. With the weights' sum."""
    v = np.abs(np.linspace(-1, 1, shape[0]))[:, None]
    u = np.abs(np.linspace(-1, 1, shape[1]))[None, :]
    w = np.clip((1 - np.maximum(u, v)) / (1 - tuning.FULL_WEIGHT), 0, 1).astype(np.float32)
    return w, w.sum()


@lru_cache(maxsize=4)
def _line_taps(length_px: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Short straight segments in 12 directions, each as the (dy, dx) of its pixels in a
    length × length square."""
    out = []
    c = length_px // 2
    for angle in np.arange(0, np.pi, np.pi / 12):
        k = np.zeros((length_px, length_px), np.uint8)
        dx, dy = np.cos(angle) * c, np.sin(angle) * c
        cv2.line(k, (round(c - dx), round(c - dy)), (round(c + dx), round(c + dy)), 1, 1)
        ys, xs = np.nonzero(k)
        order = np.argsort(xs * np.cos(angle) + ys * np.sin(angle))  # along the segment
        out.append((ys[order], xs[order]))
    return out


def _line_evidence(maps: list[np.ndarray], px_per_mm: float,
                   length_mm: float = tuning.LINE_EVIDENCE_MM, parts: int = 1) -> list[float]:
    """Per ink map, the darkest short straight segment in the middle of a box: a pen line too
    faint for the pen threshold still stands out from the noise once averaged along its length.
    With `parts`, a segment is as dark as its palest part: a stroke that ends inside it is no
    line across it.

    The maps are stacked (padded to the largest) so that each segment is a few additions of
    shifted stacks: one call per map and direction would cost far more. The maps lie side by
    side along the stack's last axis, so each addition runs along long rows of memory."""
    small = [cv2.resize(m, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA) for m in maps]
    length = max(5, round(length_mm * px_per_mm / 2)) | 1
    out = [float(s.mean()) if min(s.shape) <= length else 0.0 for s in small]
    big = [k for k, s in enumerate(small) if min(s.shape) > length]
    if not big:
        return out
    e = length - 1  # only segments that lie wholly inside a map: they start this much in
    hs, ws = np.array([small[k].shape for k in big]).T
    stack = np.zeros((hs.max(), ws.max(), len(big)), np.float32)
    inside = np.zeros((hs.max() - e, ws.max() - e, len(big)), bool)
    for n, k in enumerate(big):
        stack[:hs[n], :ws[n], n] = small[k]
        inside[:hs[n] - e, :ws[n] - e, n] = True
    oh, ow = inside.shape[:2]
    best = np.full(inside.shape, -np.inf, np.float32)
    for segment in _line_parts(length, parts):
        weakest = None  # a line runs the segment's whole length: its palest part counts
        for (y, x), *more in segment:
            total = stack[y:y + oh, x:x + ow].copy()
            for y, x in more:
                total += stack[y:y + oh, x:x + ow]
            total /= np.float32(len(more) + 1)
            weakest = total if weakest is None else np.minimum(weakest, total, out=weakest)
        np.maximum(best, weakest, out=best)
    best = np.where(inside, best, -np.inf).max(axis=(0, 1))
    for n, k in enumerate(big):
        out[k] = float(best[n])
    return out


@lru_cache(maxsize=8)
def _line_parts(length_px: int, parts: int) -> list[list[list[tuple[int, int]]]]:
    """_line_taps' segments, each cut into `parts` runs of its pixels (y, x) in order."""
    return [[list(zip(ys[run].tolist(), xs[run].tolist()))
             for run in np.array_split(np.arange(len(ys)), parts)]
            for ys, xs in _line_taps(length_px)]


def _inner(p: Patch, px_per_mm: float, inset: float = tuning.BOX_INSET,
           of: np.ndarray | None = None) -> np.ndarray:
    """The box inside its patch, `inset` in from each edge: of the ink map, or of `of` (a map
    the size of the patch)."""
    a = p.ink if of is None else of
    return a[_inner_cut(p.element.box_mm, p.origin_px, px_per_mm, inset)]


@lru_cache(maxsize=2048)
def _inner_cut(box_mm: tuple[float, ...], origin_px: tuple[int, int], px_per_mm: float,
               inset: float) -> tuple[slice, slice]:
    """_inner's rows and columns of a patch. The same for every photo of a layout (a patch
    lies where its element does): kept, for the judge cuts a few hundred boxes a sheet."""
    x, y, w, h = _box_at(box_mm, origin_px, px_per_mm)
    m = inset
    return np.s_[round(y + m * h):round(y + (1 - m) * h), round(x + m * w):round(x + (1 - m) * w)]


def _box_in_patch(p: Patch, px_per_mm: float) -> tuple[float, float, float, float]:
    return _box_at(p.element.box_mm, p.origin_px, px_per_mm)


@lru_cache(maxsize=1024)
def _box_at(box_mm: tuple[float, ...], origin_px: tuple[int, int], px_per_mm: float
            ) -> tuple[float, float, float, float]:
    """An element's box (x, y, w, h) in pixels of its patch, whose (0, 0) lies at `origin_px`.
    The same for every photo of a layout: kept."""
    x, y, w, h = (v * px_per_mm for v in box_mm)
    return x - origin_px[0], y - origin_px[1], w, h


def _box_limit(covers: list[float]) -> float:
    """Coverage that separates crossed from empty boxes on this sheet: between the two groups
    when the sheet has both, else the usual value."""
    c = np.log(np.array(covers) + tuning.COVER_FLOOR)
    lo, hi = np.percentile(c, 10), np.percentile(c, 90)
    for _ in range(20):  # two-means in log space
        split = (lo + hi) / 2
        a, b = c[c <= split], c[c > split]
        if not len(a) or not len(b):
            break
        means = a.mean(), b.mean()
        if means == (lo, hi):  # settled: every further round would repeat this one
            break
        lo, hi = means
    prior = tuning.COVER_CROSSED
    if hi - lo < np.log(tuning.MIN_GROUP_RATIO):
        return prior
    found = float(np.exp((lo + hi) / 2) - tuning.COVER_FLOOR)
    return float(np.clip(found, prior / tuning.LIMIT_FREEDOM, prior * tuning.LIMIT_FREEDOM))


def _box_verdict(eid: str, cover: float, limit: float, line_z: float, lines: LineLimits
                 ) -> Verdict:
    """Crossed when enough of the box is pen, or when a line in it stands far out from the
    sheet's empty boxes (a faint stroke); empty otherwise. Sure only when both agree."""
    ratio = (cover + tuning.COVER_FLOOR) / (limit + tuning.COVER_FLOOR)
    by_cover = float(np.log(ratio) / np.log(tuning.SURE_RATIO))  # > 0 says crossed
    feats = {"cover": round(cover, 4), "limit": round(limit, 4)}
    if math.isfinite(line_z):
        feats["line_z"] = round(line_z, 1)
    by_line = (line_z - lines.crossed) / (lines.sure - lines.crossed)
    if by_cover > 0 or by_line > 0:
        return Verdict(eid, "crossed", round(min(1.0, max(by_cover, by_line)), 3), feats)
    return Verdict(eid, "empty", round(_empty_confidence(-by_cover, line_z, lines), 3), feats)


def _doubt_pale_crosses(verdicts: list[Verdict], cover: dict[str, float], limit: float,
                        tops: dict[str, dict[float, float]], pen: float,
                        shaded: frozenset[str] = frozenset()) -> list[Verdict]:
    """A sheet is crossed with one pen, and each of its crosses reaches about that pen's
    darkness somewhere (`pen`: see _pen_level). A box read crossed by strokes covering little
    more than the limit, whose darkest ink (99th percentile) stays far paler than that, is
    more likely the photo's noise than a cross: on a photo with few pixels per mm of sheet,
    its blotches grow as large as strokes. Where a thumb may shade the box (`shaded`), so is
    one covered more: the thumb's shadow can lie across it as a soft band, which the light
    takes for a pen stroke (see light._sharp_light) and leaves in the ink."""
    def doubtful_cover(i: str) -> bool:
        return limit <= cover[i] and (cover[i] < limit * tuning.PALE_COVER or i in shaded)

    return [v.doubted(pale=round(tops[v.id][99] / pen, 2))
            if v.state == "crossed" and doubtful_cover(v.id)
            and tops[v.id][99] < tuning.PALE_CROSS * pen else v for v in verdicts]


def _empty_confidence(conf: float, line_z: float, lines: LineLimits) -> float:
    """An empty verdict with a line in the box well above the sheet's usual is not sure."""
    if line_z > lines.doubt:
        conf = min(conf, tuning.CONFIDENT * (lines.crossed - line_z)
                   / (lines.crossed - lines.doubt))
    return float(_clip01(conf))


def _visible(seen: np.ndarray) -> float:
    """The share of a box (weighted as coverage is) where pen could show at all (`seen`:
    where it can, inside the box)."""
    w, total = _centre_weights(seen.shape)
    return float((seen * w).sum() / total)


def _specks(boxes: list[Patch], inner: dict[str, np.ndarray],
            seen: dict[str, np.ndarray] | None, empty: list[str]) -> dict[str, float]:
    """Per box, how far its specks (a high percentile of its ink) stand out from those of the
    boxes read `empty` (robust z; `inner`: each box's ink inside it). Of where pen can show
    (`seen`, inside each box; None: everywhere): under a glyph a box's ink is nothing, which
    would dilute its specks against the plain boxes'. A plain box's ink is weighed to its
    middle, as its coverage is: a neighbour's stroke that overshoots into it is no speck of a
    cross there. Not a star's cell: the star hides its middle, so a cross shows only round it,
    near the edges."""
    q = tuning.SPECKS_PERCENTILE

    def z_of(maps: dict[str, np.ndarray]) -> dict[str, float]:  # against the empty boxes
        top = {i: ps[q] for i, ps in _tops(maps, [q], seen).items()}  # measured alike
        return _robust_z(top, [top[i] for i in empty])

    whole = z_of(inner)
    middle = z_of({i: m * _centre_weights(m.shape)[0] for i, m in inner.items()})
    return {p.element.id: (whole if p.element.star else middle)[p.element.id] for p in boxes}


def _firm_by_specks(verdicts: list[Verdict], z: dict[str, float]) -> list[Verdict]:
    """A faint, grainy cross read crossed, but not surely (a coverage little over the limit,
    its grains too small to count as strokes; or a faint line) is as sure as its specks say
    (see _read_specks), where they say more: before any doubt is cast on it (one along an
    edge, say)."""
    out = []
    for v in verdicts:
        conf = _specks_confidence(z[v.id])
        if v.state == "crossed" and v.uncertain and conf > v.confidence:
            v = Verdict(v.id, v.state, round(conf, 3),
                        {**v.features, "specks_z": round(z[v.id], 1)})
        out.append(v)
    return out


def _specks_confidence(z: float) -> float:
    """How sure specks of this z make a cross: none under SPECKS_CROSSED, sure from SPECKS_SURE."""
    return float(np.clip((z - tuning.SPECKS_CROSSED)
                         / (tuning.SPECKS_SURE - tuning.SPECKS_CROSSED), 0, 1))


def _read_specks(verdicts: list[Verdict], z: dict[str, float], trusted: bool
                 ) -> list[Verdict]:
    """A faint, grainy cross (pencil) can fall apart into specks too small for a stroke and
    too scattered for a line, while its pixels stay darker than an empty box's: a box read
    empty whose high percentile of ink stands out far from the other empty boxes' (robust z,
    `z`) is crossed, and one that stands out less is not sure. Not `trusted` (a shade may lie
    over the sheet), specks only make a doubt."""
    out = []
    for v in verdicts:
        zi = z[v.id]
        if v.state == "empty" and trusted and zi >= tuning.SPECKS_CROSSED:
            v = Verdict(v.id, "crossed", round(_specks_confidence(zi), 3),
                        {**v.features, "specks_z": round(zi, 1)})
        elif v.state == "empty" and zi >= tuning.SPECKS_DOUBT:
            v = v.doubted(specks_z=round(zi, 1))
        out.append(v)
    return out


def _doubt_specks_out_of_place(verdicts: list[Verdict], stars: dict[str, float],
                                plain: set[str], inner: dict[str, np.ndarray], px_per_mm: float
                                ) -> list[Verdict]:
    """A star's cell read crossed from its specks is not sure when most of its darkest ink
    lies along one of its edges, or its middle is well paler than its specks: a neighbour's
    stroke overshooting into it leaves specks at its edges, from one side or several, while a
    cross through the star leaves them on either side of it and crosses its middle, where pen
    shows on the star's white. Nor when its ink is far darker beyond the star than on it, or
    the other way round: neighbours' strokes in its corners, or the print of the star showing
    darker than expected, all of it on the star (`stars`: each one's radius, mm). A `plain`
    cell's specks are weighed to its middle already (see _specks), yet strokes crossing its
    corners can add up to them: its middle is measured too, against a lower share
    (SPECKS_MIDDLE_PLAIN)."""
    out = []
    for v in verdicts:
        if (v.id in stars or v.id in plain) and v.state == "crossed" and "specks_z" in v.features:
            m = inner[v.id]
            level = percentile(m, tuning.SPECKS_PERCENTILE)
            least = tuning.SPECKS_MIDDLE if v.id in stars else tuning.SPECKS_MIDDLE_PLAIN
            if v.id in stars and (share := _along_an_edge(
                    m >= level, tuning.SPECKS_EDGE_MM * px_per_mm)) >= tuning.SPECKS_EDGE_SHARE:
                v = v.doubted(specks_edge=round(float(share), 2))
            elif v.id in stars and not (1 / tuning.SPECKS_STAR_RATIO
                                        <= (ratio := _beyond_the_star(m, stars[v.id] * px_per_mm,
                                                                      px_per_mm))
                                        <= tuning.SPECKS_STAR_RATIO):
                v = v.doubted(specks_star=round(ratio, 2))
            elif (middle := m[middle_of(m.shape)].max()) < least * level:
                v = v.doubted(specks_middle=round(float(middle / level), 2))
        out.append(v)
    return out


def _beyond_the_star(m: np.ndarray, radius_px: float, px_per_mm: float) -> float:
    """How dark a star's cell's darkest ink (the specks' percentile) is beyond the star's
    points (`radius_px` from the middle of `m`, its ink map), against on the star and within
    SPECKS_STAR_MM round it (blur, the print a little off)."""
    far = _from_the_middle(m.shape)
    q = tuning.SPECKS_PERCENTILE
    on = percentile(m[far <= radius_px + tuning.SPECKS_STAR_MM * px_per_mm], q)
    return float(percentile(m[far > radius_px], q) / max(on, 1e-6))


@lru_cache(maxsize=16)
def _from_the_middle(shape: tuple[int, int]) -> np.ndarray:
    """Each pixel's distance from the middle of a box of `shape`, in pixels."""
    v = np.arange(shape[0]) - (shape[0] - 1) / 2
    u = np.arange(shape[1]) - (shape[1] - 1) / 2
    return np.hypot(v[:, None], u[None, :])


def _along_an_edge(mask: np.ndarray, band_px: float, across_px: float | None = None) -> float:
    """The largest share of a mask's pixels that lies within `band_px` of its top or bottom
    edge, or within `across_px` (the same by default) of its left or right edge."""
    n = max(1, np.count_nonzero(mask))
    b = max(1, round(band_px))
    c = b if across_px is None else max(1, round(across_px))
    sides = (mask[:b], mask[-b:], mask[:, :c], mask[:, -c:])
    return float(max(np.count_nonzero(side) for side in sides) / n)


def _doubt_pen_at_the_edges(verdicts: list[Verdict], inner: dict[str, np.ndarray],
                            cover: dict[str, float], limit: float, t: float,
                            px_per_mm: float, cells: set[str]) -> list[Verdict]:
    """A box read crossed by its coverage is not sure when nearly all its pen lies along one
    of its edges, or, in one of the `cells`, none of it in its middle: a neighbour's cross or
    scribble overshooting into it, along one side or into a corner, where a box's own cross,
    slash, dot or scribble lies across its middle. (An exclamation mark stands apart from its
    neighbours, and its glyph hides its middle.)"""
    out = []
    for v in verdicts:
        if v.state == "crossed" and cover[v.id] >= limit:
            pen = inner[v.id] > t
            share = _along_an_edge(pen, tuning.PEN_EDGE_MM * px_per_mm)
            if share >= tuning.PEN_EDGE_SHARE:
                v = v.doubted(pen_edge=round(share, 2))
            elif v.id in cells:
                middle = _in_the_middle(pen)
                if middle < tuning.PEN_MIDDLE_SHARE:
                    v = v.doubted(pen_middle=round(middle, 3))
        out.append(v)
    return out


def _doubt_pen_along_the_print(verdicts: list[Verdict], inner: dict[str, np.ndarray],
                               seen: dict[str, np.ndarray], cover: dict[str, float],
                               limit: float, t: float, px_per_mm: float, marks: set[str]
                               ) -> list[Verdict]:
    """An exclamation mark (`marks`) read crossed by its coverage is not sure when nearly all
    its pen lies along its printed ring and glyph (where `seen` is False): the print's own
    outline showing round it, where a cross through it lies across the ring's white inside."""
    r = round(tuning.PRINT_EDGE_MM * px_per_mm)
    kernel = np.ones((2 * r + 1, 2 * r + 1), np.uint8)
    out = []
    for v in verdicts:
        if v.id in marks and v.state == "crossed" and cover[v.id] >= limit:
            pen = inner[v.id] > t
            printed = seen[v.id] == 0
            along = cv2.dilate(printed.view(np.uint8), kernel).view(bool) & ~printed
            share = np.count_nonzero(pen & along) / max(1, np.count_nonzero(pen))
            if share >= tuning.PRINT_EDGE_SHARE:
                v = v.doubted(pen_on_print=round(share, 2))
        out.append(v)
    return out


def _dark_mm2(ink: np.ndarray, seen: np.ndarray | None, level: float, px_per_mm: float
              ) -> float:
    """How much of a box (its ink map; `seen`: where pen can show, if known) is darker than
    `level`, in mm²."""
    dark = ink > level
    return np.count_nonzero(dark if seen is None else dark & (seen > 0)) / px_per_mm ** 2


def _doubt_pen_to_one_side(verdicts: list[Verdict], inner: dict[str, np.ndarray], t: float,
                           slight: set[str]) -> list[Verdict]:
    """A cell read crossed, by whatever evidence, whose pen through its middle is `slight`
    (see owner.slight_pen) is not sure when nearly all its pen, down to ONE_SIDE_PEN of the
    pen threshold `t`, lies in one half of it: the tail of a neighbour's stroke reaching in
    over one edge and ending in it, where a cross, a slash, a dot or a scribble of its own
    lies across its middle. (A stroke's faint ends count: a line followed only by its
    darkest pixels can look one-sided where it is not.)"""
    out = []
    for v in verdicts:
        if v.id in slight and v.state == "crossed":
            pen = inner[v.id] > t * tuning.ONE_SIDE_PEN
            share = _along_an_edge(pen, pen.shape[0] // 2, pen.shape[1] // 2)  # in one half
            if share >= tuning.ONE_SIDE_SHARE:
                v = v.doubted(pen_one_side=round(share, 2))
        out.append(v)
    return out


def _judge_own_pen(verdicts: list[Verdict], between: PenBetween | None,
                   inner: dict[str, np.ndarray], cover: dict[str, float], limit: float,
                   line: dict[str, float], limits_of: dict[str, LineLimits], t: float,
                   px_per_mm: float, slight: set[str]) -> list[Verdict]:
    """A hurried neighbour's cross reaching into a cell leaves pen along one of its edges and
    in one half of it, little through its middle (`slight`, see owner.slight_pen): read
    crossed by it, the cell is a doubt (pen_edge, pen_one_side); read empty, its coverage
    near the limit leaves it unsure. Where nearly all that pen (TAIL_SHARE) belongs to marks
    lying mostly in a neighbour read crossed (see owner.foreign_pen), the cell is judged
    again on its own pen alone: its coverage less that share, its line as it was. A mark of
    its own by an edge (a dot) lies in it alone and is judged as before."""
    def to_one_edge(v: Verdict) -> bool:
        if v.id not in slight:
            return False
        if v.state == "crossed":
            return (v.features.get("pen_edge", 0.0) >= tuning.TAIL_EDGE_SHARE
                    and "pen_one_side" in v.features)
        if v.state != "empty" or not v.uncertain or set(v.features) - {"cover", "limit",
                                                                      "line_z"}:
            return False  # (an empty verdict sure already, or doubted for a reason of its own)
        pen, halves = inner[v.id] > t, inner[v.id] > t * tuning.ONE_SIDE_PEN
        return pen.any() and _along_an_edge(pen, tuning.PEN_EDGE_MM * px_per_mm) >= \
            tuning.TAIL_EDGE_SHARE and _along_an_edge(
                halves, halves.shape[0] // 2, halves.shape[1] // 2) >= tuning.ONE_SIDE_SHARE

    tails = {v.id for v in verdicts if to_one_edge(v)}
    if not tails:
        return verdicts
    lent = foreign_pen(between, {v.id for v in verdicts if v.state == "crossed"} - tails, tails)
    out = []
    for v in verdicts:
        if lent.get(v.id, 0.0) >= tuning.TAIL_SHARE:
            own = _box_verdict(v.id, cover[v.id] * (1 - lent[v.id]), limit,
                               line.get(v.id, -np.inf), limits_of[v.id])
            if own.state == "empty" and own.confidence > v.confidence:
                v = Verdict(v.id, "empty", own.confidence, {**v.features, "lent": lent[v.id]})
        out.append(v)
    return out


def _in_the_middle(mask: np.ndarray) -> float:
    """The share of a mask's pixels that lies in the middle of its box (see owner.middle_of)."""
    return float(np.count_nonzero(mask & middle_of(mask.shape))
                 / max(1, np.count_nonzero(mask)))


def _doubt_if_hidden(verdicts: list[Verdict], visible: Callable[[str], float],
                     specks: dict[str, float], line_doubt: float) -> list[Verdict]:
    """A cross drawn over print that hides much of a box (a star) may leave too little to
    see: such a box read empty is not sure when a line in it stands out from the empty boxes
    by `line_doubt` (their z) or more, or its specks by STAR_SPECKS_DOUBT (`specks`: see
    _read_specks; given for a faint pen only). `visible`: a box's share where pen can show."""
    out = []
    for v in verdicts:
        if v.state == "empty" and (specks.get(v.id, 0.0) >= tuning.STAR_SPECKS_DOUBT
                                   or v.features.get("line_z", 0.0) >= line_doubt):
            shows = visible(v.id)  # (only for these: it costs a pass over the box)
            if shows < tuning.HIDDEN_VISIBLE:
                v = v.doubted(visible=round(shows, 2), **(
                    {"specks_z": round(specks[v.id], 1)} if v.id in specks else {}))
        out.append(v)
    return out


def _line_scores(group: list[Patch], empty: list[Patch], px_per_mm: float, inset: float
                 ) -> dict[str, float]:
    """How far each element's darkest short line stands out from those of the ones read
    empty (robust z-score): a faint pen line still scores high."""
    raw = _line_darkest(group, px_per_mm, inset)
    return _robust_z(raw, [raw[p.element.id] for p in empty])


def _line_darkest(group: list[Patch], px_per_mm: float, inset: float, parts: int = 1
                  ) -> dict[str, float]:
    """Each element's darkest short line (mean ink along it, or along its palest of `parts`)."""
    return dict(zip([p.element.id for p in group],
                    _line_evidence([_inner(p, px_per_mm, inset) for p in group], px_per_mm,
                                   parts=parts)))


def _line_z(darkest: dict[str, float], quiet: dict[str, bool], hatched: dict[str, bool]
            ) -> dict[str, float]:
    """Each box's darkest line as a robust z against the sheet's quiet boxes (`quiet`). Where
    some are hatched, each sort is measured against its own quiet ones, when it has
    LINE_OWN_QUIET, with no less spread than all of them show: behind the hatching the
    reader cannot see the photo's noise, so a plain box's would stand out among hatched
    ones."""
    everyone = [v for i, v in darkest.items() if quiet[i]]
    if not any(hatched.values()):
        return _robust_z(darkest, everyone)
    out = {}
    _, floor = _centre_spread(everyone)
    for h in (True, False):
        group = {i: v for i, v in darkest.items() if hatched[i] == h}
        own = [v for i, v in group.items() if quiet[i]]
        out.update(_robust_z(group, own if len(own) >= tuning.LINE_OWN_QUIET else everyone,
                             floor))
    return out


def _robust_z(values: dict[str, float], reference: list[float], min_spread: float = 0.0
              ) -> dict[str, float]:
    """How many robust sigmas (median, MAD; at least LINE_FLOOR, and `min_spread`) each value
    lies above the reference."""
    usual, spread = _centre_spread(reference)
    spread = max(spread, min_spread)
    return {i: (v - usual) / spread for i, v in values.items()}


def _centre_spread(reference: list[float]) -> tuple[float, float]:
    """The median of `reference` and its robust sigma (MAD, plus LINE_FLOOR)."""
    ref = np.array(reference or [0.0])
    usual = float(np.median(ref))
    return usual, float(np.median(np.abs(ref - usual))) * 1.4826 + tuning.LINE_FLOOR


def _weigh_lines(v: Verdict, line_z: float, ring_z: float, round_z: float, lines: LineLimits,
                 shaded: bool = False, faint_unsure: bool = False) -> Verdict:
    """A value's verdict weighed against the line in it and the ring round it (robust z, see
    _line_scores and _ring_scores). Read empty, a clear line or ring may be a stroke or a
    circle too faint to measure, and pale pen in a mark's shape is a doubt only where they
    back it. Read struck, it is not sure when its pen runs round it like a circle (a grainy
    pencil circle's two sides lie on one band through the digit), nor when no line stands out
    there (specks of a grainy photo's noise lined up). A line that stands far out with no
    ring round it makes a value read struck (sure when what little pen passed the threshold
    lies across it, not round it: two measures agree; with that pen, a line less far out
    does too; with no pen seen round it at all, less far out too, unless something may lie
    over the sheet, `faint_unsure`: see judge; with the value marked in pen, none of it across
    it, a doubt), and a ring far out (further than its line) one read empty circled, however
    pale its pen, where nothing may shade the value (`shaded`): little of a thin, grainy
    pencil line or of a ballpoint pressed lightly passes the pen threshold. That ring may be
    the one that follows a circle round, too (`round_z`, see _ring_scores): a circle drawn
    flat or off the value's middle keeps to no one radius."""
    circle_z = max(ring_z, round_z)
    v = Verdict(v.id, v.state, v.confidence,
                {**v.features, "line_z": round(line_z, 1), "ring_z": round(ring_z, 1),
                 "round_z": round(round_z, 1)})
    # no pen seen round it at all: no circle, neighbour's circle or noise blob of which the
    # line could be a part, so it is a stroke the pen threshold missed (unless something may
    # lie over the sheet; a neighbour's pen taken out of it was seen: see
    # _judge_values_own_pen)
    bare = v.features.get("around", 1.0) == 0 and not faint_unsure and "lent" not in v.features
    sure = tuning.VALUE_LINE_SURE_BARE if bare else tuning.VALUE_LINE_SURE
    by_line = (line_z - tuning.VALUE_LINE_STRUCK) / (sure - tuning.VALUE_LINE_STRUCK)
    stroke = _stroke_shaped(v.features)
    # (with the pen's shape a stroke's, a ring short of what a circle read struck shows is
    # the noise a stroke through leaves in the rings)
    ring_clear = tuning.RING_STRUCK if stroke else tuning.VALUE_RING_CLEAR
    if (by_line >= 0 or stroke and line_z >= tuning.STROKE_LINE) \
            and ring_z < ring_clear and not shaded:
        conf = max(v.confidence, by_line) if v.state == "struck" else by_line
        if stroke:
            conf = 1.0  # the line and the shape of the pen seen, a stroke, agree
        struck = Verdict(v.id, "struck", round(min(1.0, conf), 3), v.features)
        # the pen seen there lies nowhere across it (or was a neighbour's): the line is a
        # neighbour's stroke reaching in over its edge (a cross's above, an exclamation
        # mark's below)
        aside = (v.features.get("pen", 0.0) >= tuning.VALUE_MARKED or "lent" in v.features) \
            and v.features.get("across", 0.0) < tuning.ACROSS_NONE
        # (nor is a line through it a stroke's where the pen seen stops short of its middle:
        # see _value_verdict)
        return struck.doubted(aside=1.0) if aside else \
            struck.doubted() if "short_of_middle" in v.features else struck
    by_ring = _by_rings(ring_z, round_z)
    if v.state == "empty" and by_ring >= 0 and circle_z > line_z and not shaded:
        return Verdict(v.id, "circled", round(min(1.0, by_ring), 3), v.features)
    if v.state == "struck":
        return v.doubted() if ring_z >= tuning.RING_STRUCK or line_z < tuning.LINE_STRUCK \
            else v
    conf = _empty_confidence(_empty_confidence(v.confidence, max(line_z, ring_z), lines),
                             round_z, ROUND_LIMITS)
    pen_like = v.features.get("dark", 0.0) >= (tuning.DARK_AS_PEN + tuning.PALER_THAN_PEN) / 2
    if max(line_z, ring_z) >= (tuning.SHAPE_BACKED_DARK if pen_like else tuning.SHAPE_BACKED):
        conf = min(conf, v.features.get("shaped", 1.0))
    return Verdict(v.id, v.state, round(conf, 3), v.features)


def _stroke_shaped(features: dict[str, float]) -> bool:
    """The pen seen on a value lies as a stroke through its middle does: across it
    (STROKE_ACROSS), round it in few sectors (STROKE_AROUND)."""
    return features.get("across", 0.0) >= tuning.STROKE_ACROSS \
        and features.get("around", 1.0) <= tuning.STROKE_AROUND


def _by_rings(ring_z: float, round_z: float) -> float:
    """How surely a value's rings read it circled: 0 from where one does (the ring at one
    radius from VALUE_RING_CIRCLED, the one that follows a circle round from ROUND_CIRCLED:
    its noise reaches further), 1 where one is sure of it all; below 0, neither does."""
    return max((ring_z - tuning.VALUE_RING_CIRCLED)
               / (tuning.VALUE_RING_SURE - tuning.VALUE_RING_CIRCLED),
               (round_z - tuning.ROUND_CIRCLED) / (tuning.ROUND_SURE - tuning.ROUND_CIRCLED))


def _ring_scores(group: list[Patch], empty: list[Patch], px_per_mm: float
                 ) -> tuple[dict[str, float], dict[str, float]]:
    """How far the darkest ring round each value stands out from those of the values read
    empty (robust z): a circle too faint for the pen threshold still shows once averaged along
    it. A ring's darkness is that of its paler sectors (the 25th percentile of 16), so a
    neighbour's circle brushing one side in is no ring, nor is a stroke through. Two rings:
    the darkest at one radius, and the one that follows a circle round, at the darkest radius
    of each sector (a flat or off-centre circle keeps to no one radius)."""
    raw = dict(zip([p.element.id for p in group], _rings_darkest(group, px_per_mm)))
    ref = [raw[p.element.id] for p in empty]
    return tuple(_robust_z({i: r[k] for i, r in raw.items()}, [r[k] for r in ref])
                 for k in (0, 1))


def _rings_darkest(group: list[Patch], px_per_mm: float) -> list[tuple[float, float]]:
    """Per value, its two rings' darkness (see _ring_scores). Every value's (ring, sector)
    cells are summed in one count, each value's cells numbered apart (each cell's sum in the
    same order as alone: the same bits), and sorted in one stack: per value, numpy's
    overhead cost more than its few pixels."""
    if not group:
        return []
    n_radii, cells = len(tuning.ROUND_RADII), len(tuning.ROUND_RADII) * tuning.SECTORS
    rings = [_rings(p.ink.shape, *_box_in_patch(p, px_per_mm)) for p in group]
    sums = np.bincount(np.concatenate([cell + k * cells for k, (_, cell, _) in enumerate(rings)]),
                       weights=np.concatenate([p.ink.ravel()[where]
                                               for p, (where, _, _) in zip(group, rings)]),
                       minlength=len(group) * cells)
    means = (sums.reshape(len(group), cells) / np.array([counts for *_, counts in rings])
             ).reshape(len(group), n_radii, tuning.SECTORS)
    at_one = np.sort(means[:, n_radii - len(tuning.RING_RADII):], axis=2)
    at_one = _quarter(at_one.reshape(-1, tuning.SECTORS)).reshape(len(group), -1).max(axis=1)
    following = _quarter(np.sort(means.max(axis=1), axis=1))
    return [(max(0.0, float(a)), max(0.0, float(f))) for a, f in zip(at_one, following)]


def _quarter(srt: np.ndarray) -> np.ndarray:
    """Per row of sorted sectors, their 25th percentile, as np.percentile takes it."""
    k = (tuning.SECTORS - 1) / 4
    lo = int(k)
    return srt[:, lo] + (k - lo) * (srt[:, lo + 1] - srt[:, lo])


@lru_cache(maxsize=256)
def _rings(shape: tuple[int, int], x: float, y: float, w: float, h: float):
    """Around a value, the thin rings (half-sizes) a circle may follow, cut into sectors: the
    flat indices of their pixels, each one's (ring, sector) cell, and the cells' sizes."""
    u, v, _, sector, _ = _value_grid(shape, x, y, w, h)
    r = np.hypot(u, v).ravel()
    ring = np.full(r.shape, -1)
    for k, radius in enumerate(tuning.ROUND_RADII):
        ring[np.abs(r - radius) < tuning.RING_BAND / 2] = k
    where = np.flatnonzero(ring >= 0)
    cell = ring[where] * tuning.SECTORS + sector.ravel()[where]
    counts = np.bincount(cell, minlength=len(tuning.ROUND_RADII) * tuning.SECTORS)
    return where, cell, np.maximum(counts, 1)


def _pen_level(clear: set[str], tops: dict[str, dict[float, float]]) -> float | None:
    """How dark this sheet's pen is: the typical darkest ink (95th percentile) of the boxes
    clearly crossed (`clear`, their ids); None when fewer than 3 are."""
    dark = [tops[i][95] for i in clear]
    return float(np.median(dark)) if len(dark) >= 3 else None


def _value_noise(values: list[Patch], t: float, px_per_mm: float
                 ) -> dict[str, tuple[float, float]]:
    """Per kind of value, how dark the photo's noise gets around them: the VALUE_NOISE_PEN
    and VALUE_NOISE_SHAPE percentiles of the ink round the quietest third of them (the fewest
    pixels over the pen threshold `t`, then the palest: most values of a finished sheet are
    empty, and a thin stroke is pale but for its few pixels). The boxes' noise, which the pen
    threshold is drawn from, can be fainter: coloured cells are darker than the paper round
    the values, and on a grainy photo the noise there made circles."""
    out = {}
    for kind in VALUE_KINDS:
        inks = [p.ink[_value_grid(p.ink.shape, *_box_in_patch(p, px_per_mm))[2]]
                for p in values if p.element.kind == kind]
        if not inks:
            continue
        order = sorted(range(len(inks)),
                       key=lambda k: (np.count_nonzero(inks[k] > t), _pct(inks[k], 95)))
        quiet = np.concatenate([inks[k] for k in order[:max(1, len(inks) // 3)]])
        top, shape = _pct(quiet, [tuning.VALUE_NOISE_PEN, tuning.VALUE_NOISE_SHAPE])
        out[kind] = (top, shape)
    return out


def _value_verdict(p: Patch, t: float, pen_level: float, px_per_mm: float,
                   shape_floor: float = 0.0) -> Verdict:
    """A circle puts pen all around the value; a stroke through it is a line across the
    middle; an empty value has next to no pen (a neighbour's circle may brush its edge).
    Pen here must be about as dark as the sheet's crosses (`pen_level`): the same player wrote
    both, while noise and texture are paler; unless there is more of it than noise leaves. Its
    shape is traced no paler than `shape_floor` (where the photo's noise would fill every
    sector)."""
    u, v, region, sector, ring = _value_grid(p.ink.shape, *_box_in_patch(p, px_per_mm))
    pen = (p.ink > t) & region
    n_pen = np.count_nonzero(pen)
    amount = float(n_pen / max(1, np.count_nonzero(region)))
    marked = n_pen >= tuning.MARKED_PIXELS
    darkest = _pct(p.ink[pen], 90) if marked else 0.0
    dark = darkest / pen_level if marked else 0.0
    if marked:  # the shape is traced down to half of this mark's own darkness: the paler parts
        # of a faint circle drawn in one go belong to it (the noise stays out)
        shape_t = max(t * tuning.SHAPE_FLOOR, shape_floor, min(t, tuning.SHAPE_SHARE * darkest))
        pen = (p.ink > shape_t) & region
    hits = np.bincount(sector[ring & pen], minlength=tuning.SECTORS) if n_pen \
        else np.zeros(tuning.SECTORS, np.intp)  # (no pen at all: no sector hit)
    around = float((hits >= tuning.SECTOR_HIT_MM2 * px_per_mm ** 2).mean())
    if marked:  # (else too few pixels for a stroke: _across would say 0)
        hidden = region & ~p.seen if p.seen is not None else np.zeros_like(region)
        across, short = _across(u[pen], v[pen], u[hidden], v[hidden])
    else:
        across, short = 0.0, 0.0
    feats = {"pen": round(amount, 4), "around": round(around, 3), "across": round(across, 3),
             "dark": round(dark, 2)}

    enough = _grade(np.log(amount + tuning.COVER_FLOOR), np.log(tuning.VALUE_MARKED),
                    np.log(tuning.VALUE_EMPTY))  # > 0: there is pen here
    # ...real pen: as dark as the crosses, unless there is too much of it for noise (a thin
    # line keeps less of its darkness through a blur than a cross's middle does)
    some = enough if amount >= tuning.VALUE_ABUNDANT else min(
        enough, _grade(dark, tuning.DARK_AS_PEN, tuning.PALER_THAN_PEN))
    circled = _grade(around, tuning.AROUND_CIRCLED, tuning.AROUND_NOT)
    struck = _grade(across, tuning.ACROSS_STRUCK, tuning.ACROSS_NOT)
    # with pen of both shapes, a verdict is as sure as one shape beats the other
    if some > 0 and circled > 0 and circled >= struck:
        state, conf = "circled", min(some, circled - max(0.0, struck))
    elif some > 0 and struck > 0:
        state, conf = "struck", min(some, struck - max(0.0, circled))
    else:  # sure only with next to no pen, or pen of neither shape (a neighbour's circle
        # reaching in, a smudge). Real pen (as dark as the crosses) is sure only well past the
        # clear "no" of both shapes, and only when it keeps to one place on the ring (a
        # neighbour's circle brushing in): a grainy pencil circle can show in a quarter to a
        # half of its sectors. Pale pen in a mark's shape is a doubt only where a line or a
        # ring stands out there too (`_weigh_lines`): a few specks of noise make a shape.
        state, conf = "empty", max(-enough, min(-circled, -struck))
        shaped = min(conf, -max(circled, struck))  # too little pen, but of a mark's shape
        if some > 0:
            conf = min(shaped, min(-circled, -struck) - 1)
            aside = across <= tuning.BRUSH_ACROSS and dark >= tuning.DARK_AS_PEN
            if around > (tuning.BRUSH_AROUND_ASIDE if aside else tuning.BRUSH_AROUND):
                conf = 0.0
        elif shaped < conf:
            feats["shaped"] = round(float(_clip01(shaped)), 3)
    read = Verdict(p.element.id, state, round(float(_clip01(conf)), 3), feats)
    # a stroke through a value passes its middle: one seen stopping well short of it, hidden
    # beyond by the digit, may as well be a neighbour's stroke ending there
    if state == "struck" and short >= tuning.STRIKE_SHORT:
        return read.doubted(short_of_middle=round(short, 2))
    # a circle drawn round a value goes all round it and leaves its middle bare: a ring with
    # gaps and pen across the middle may as well be a strike, inside the arcs of the circles
    # drawn round its neighbours
    if state == "circled" and across >= tuning.CIRCLE_CROSSED and around < tuning.CIRCLE_WHOLE:
        return read.doubted(circle_crossed=round(across, 3))
    return read


def _judge_values_own_pen(read: dict[str, Verdict], values: list[Patch],
                          value_verdict: Callable[[Patch], Verdict], pen_t: dict[str, float],
                          px_per_mm: float) -> dict[str, Verdict]:
    """A value read empty but unsure for pen round it in the shape of no mark (a neighbour's
    circle or stroke reaching in, in LENT_AROUND of its ring's sectors or fewer) is judged
    again without the pen of marks lying mostly about a neighbour read circled or struck
    (see owner.lent_to_values)."""
    # (pen round more of it may be a circle of its own, touching the neighbour's: one mark)
    asked = {i for i, v in read.items() if v.state == "empty" and v.uncertain
             and not set(v.features) - {"pen", "around", "across", "dark"}
             and v.features["around"] <= tuning.LENT_AROUND}
    lenders = {i for i, v in read.items() if v.state in ("circled", "struck")}
    out = dict(read)
    for kind in {p.element.kind for p in values}:
        fellows = [p for p in values if p.element.kind == kind]
        if not asked & {p.element.id for p in fellows} or not lenders:
            continue
        lent = lent_to_values(fellows, pen_t[kind], lenders, asked, px_per_mm)
        for p in fellows:
            share, where = lent.get(p.element.id, (0.0, None))
            if share > 0:
                own = value_verdict(replace(p, ink=np.where(where, np.float32(0), p.ink)))
                if own.state == "empty" and own.confidence > read[p.element.id].confidence:
                    out[p.element.id] = replace(own, features={**own.features,
                                                               "lent": round(share, 3)})
    return out


def _doubt_circles_like_neighbours(read: dict[str, Verdict], values: list[Element]
                                   ) -> dict[str, Verdict]:
    """A circle adds far more pen round a value than the photo's noise leaves round its empty
    neighbours in the row. Where the noise round the neighbours is nearly as much (a part of
    a small photo gone grainy), a value read circled is not sure."""
    out = dict(read)
    for e in values:
        v = read[e.id]
        if v.state != "circled":
            continue
        row = e.id.rpartition(":")[2]
        near = sorted((n for n in values if n.kind == e.kind and n.id != e.id
                       and n.id.rpartition(":")[2] == row and read[n.id].state == "empty"),
                      key=lambda n: abs(n.box_mm[0] - e.box_mm[0]))[:tuning.NEIGHBOURS]
        if len(near) < 2:
            continue
        usual = float(np.median([read[n.id].features["pen"] for n in near]))
        if v.features["pen"] < tuning.CIRCLE_OVER_NEIGHBOURS * usual:
            out[e.id] = v.doubted(neighbours_pen=round(usual, 4))
    return out


def _doubt_struck_round(read: dict[str, Verdict]) -> dict[str, Verdict]:
    """A stroke through a value leaves pen in few of its ring's sectors. Read struck with pen in
    more than halfway to a circle's, it may be a circle drawn wide (an ellipse), whose long
    sides run across the value as a stroke does, however far out its line stands: a doubt. So
    is one with pen in more than half of its sectors whose line falls short of a sure one, and
    one with a ring round it that follows a circle (`round_z`, see _ring_scores) whose pen is
    not wholly a stroke's shape: a flat circle's side runs across the value too, its other
    side maybe too faint to show."""
    halfway = (tuning.AROUND_CIRCLED + tuning.AROUND_NOT) / 2

    def round_it(v: Verdict) -> bool:
        around = v.features.get("around", 0.0)
        return around > halfway or (around > 0.5 and v.features.get("line_z", np.inf)
                                    < tuning.VALUE_LINE_SURE) \
            or (v.features.get("round_z", -np.inf) >= tuning.ROUND_DOUBT
                and v.features.get("across", 0.0) < tuning.ACROSS_STRUCK)

    return {i: v.doubted(both_shapes=1.0) if v.state == "struck" and round_it(v) else v
            for i, v in read.items()}


def _doubt_one_sided_strokes(read: dict[str, Verdict], values: list[Patch], px_per_mm: float
                             ) -> dict[str, Verdict]:
    """A stroke through a value runs on to both sides of its middle (the digit hides a part of
    it, not all of one side). A value read struck whose darkest line near its middle is dark
    at one end only is no stroke through it: the end of a neighbour's circle or cross reaching
    in over its edge. A doubt, with how dark the palest half of that line is against its
    mean (near the middle: centres within STRIKE_CENTRE_MM of the value's, either way).
    Pen in a stroke's shape through the middle (see _stroke_shaped) says so already."""
    struck = [p for p in values if (v := read[p.element.id]).state == "struck"
              and not v.uncertain and not _stroke_shaped(v.features)]
    if not struck:
        return read
    half = round((tuning.LINE_EVIDENCE_MM / 2 + tuning.STRIKE_CENTRE_MM) * px_per_mm)
    crops = []
    for p in struck:
        x, y, w, h = _box_in_patch(p, px_per_mm)
        cx, cy = round(x + w / 2), round(y + h / 2)
        crops.append(p.ink[max(0, cy - half):cy + half, max(0, cx - half):cx + half])
    whole = _line_evidence(crops, px_per_mm)
    halves = _line_evidence(crops, px_per_mm, parts=2)
    out = dict(read)
    for p, w, h in zip(struck, whole, halves):
        balance = h / w if w > 0 else 0.0
        if balance < tuning.STRIKE_BALANCE:
            out[p.element.id] = read[p.element.id].doubted(one_sided=round(balance, 3))
    return out


def _doubt_circles_the_row_shows(read: dict[str, Verdict], values: list[Patch],
                                 reread: Callable[[Patch], Verdict], pen_t: dict[str, float],
                                 px_per_mm: float) -> dict[str, Verdict]:
    """A player circles one value here and there; what every value of a row shows round it
    is the photo's: a reflection's veil, or a phone's sharpening, darkens the edge of the
    values' grey boxes alike. A value read circled, by its pen or by its ring (see
    _weigh_lines), is not sure when, with its row's typical ink (the median, pixel by pixel)
    taken out, neither reads it circled any more (`reread`: a value's verdict from its patch;
    `pen_t`: the pen threshold per kind of value)."""
    rows: dict[tuple, list[Patch]] = {}  # by kind, row and size: each value's fellows
    for p in values:
        rows.setdefault((p.element.kind, p.element.id.rpartition(":")[2], p.ink.shape),
                        []).append(p)
    row_of = {p.element.id: row for row in rows.values() for p in row}
    left: dict[str, Patch] = {}  # each value with its row's typical ink taken out
    common: dict[str, int] = {}  # how many pixels of its row's typical ink pass as pen

    def without_row(row: list[Patch]) -> None:
        if len(row) >= tuning.ROW_COMPARED and row[0].element.id not in left:
            typical = _pixel_median([p.ink for p in row])
            shows = np.count_nonzero(typical > pen_t[row[0].element.kind] * tuning.SHAPE_FLOOR)
            for p in row:
                left[p.element.id] = Patch(p.element, np.maximum(p.ink - typical, 0),
                                           p.origin_px, p.seen)
                common[p.element.id] = shows

    out = dict(read)
    for kind in VALUE_KINDS:
        circled = [p.element.id for p in values if p.element.kind == kind
                   and read[p.element.id].state == "circled" and not read[p.element.id].uncertain]
        for i in circled:
            without_row(row_of[i])
        # (where the row shows next to nothing in common, taking it out changes nothing)
        unsure = [i for i in circled if i in left and common[i] >= tuning.MARKED_PIXELS
                  and reread(left[i]).state != "circled"]
        if not unsure:
            continue
        for row in rows.values():  # a ring is measured against the kind's empty values
            if row[0].element.kind == kind:
                without_row(row)
        kind_left = [p for p in left.values() if p.element.kind == kind]
        empty = [p for p in kind_left if read[p.element.id].state == "empty"]
        rings, rounds = _ring_scores(kind_left, empty, px_per_mm) \
            if len(empty) >= tuning.VALUES_COMPARED else ({}, {})
        for i in unsure:
            if _by_rings(rings.get(i, -np.inf), rounds.get(i, -np.inf)) < 0:
                out[i] = read[i].doubted(row_shows=1.0)
    return out


def _pixel_median(maps: list[np.ndarray]) -> np.ndarray:
    """np.median(np.stack(maps), axis=0), by a sort: a quarter of its time on these stacks."""
    srt = np.sort(np.stack(maps), axis=0)
    n = len(maps)
    return srt[n // 2] if n % 2 else (srt[n // 2 - 1] + srt[n // 2]) / 2


@lru_cache(maxsize=256)
def _value_grid(shape: tuple[int, int], x: float, y: float, w: float, h: float):
    """Around a value at (x, y, w, h) in a patch of `shape`: each pixel's offset from its centre
    in half-sizes (u, v), the region where pen counts, the sector of each pixel, and the ring.
    The same for every photo: kept."""
    yy, xx = np.mgrid[0:shape[0], 0:shape[1]]
    u, v = (xx - (x + w / 2)) / (w / 2), (yy - (y + h / 2)) / (h / 2)
    r = np.hypot(u, v)
    region = r <= tuning.RING_OUTER
    sector = ((np.arctan2(v, u) + np.pi) / (2 * np.pi) * tuning.SECTORS).astype(int)
    sector %= tuning.SECTORS
    return u, v, region, sector, region & (r >= tuning.RING_INNER)


_ANGLES = np.deg2rad(np.arange(0, 180, 5))
_OFFSETS = np.linspace(-0.5, 0.5, 11)
# each angle's normal as (u, v) weights, for _across: the same values every call
_NORMAL_U, _NORMAL_V = -np.sin(_ANGLES)[:, None], np.cos(_ANGLES)[:, None]


def _across(u: np.ndarray, v: np.ndarray, hu: np.ndarray | None = None,
            hv: np.ndarray | None = None) -> tuple[float, float]:
    """How much the pen in and around a value looks like one stroke through its middle: the
    share of it on the best straight band near the centre, times how well that band reaches
    both sides, times how much of the band's middle it fills. 1 for a clean strike, low for a
    ring, a blob, a neighbour's mark, or two neighbours' circles brushing in on opposite sides
    (they fill none of the middle). Where the band runs on into dark print past the centre
    (hu, hv: the digit), a stroke is hidden there, not ended: that side does not limit it.
    With it, how far short of the middle the pen seen stops (half-sizes), when so hidden a
    stroke comes from beyond the value's surroundings (STRIKE_FAR): a neighbour's stroke
    ending at the digit looks so too (0 otherwise)."""
    if len(u) < 6:
        return 0.0, 0.0
    normal = _NORMAL_U * u + _NORMAL_V * v  # angles × pixels
    counts = _band_counts(normal)
    a, o = np.unravel_index(np.argmax(counts), counts.shape)
    cos, sin = np.cos(_ANGLES[a]), np.sin(_ANGLES[a])
    along = (cos * u + sin * v)[np.abs(normal[a] - _OFFSETS[o]) < tuning.STROKE_BAND]
    filled = [along]
    lo, hi = -along.min(), along.max()  # how far the stroke goes to either side
    lo_open = hi_open = False  # ...and whether it goes on, hidden, through the print
    short = 0.0
    if hu is not None and len(hu):
        under = np.abs(-sin * hu + cos * hv - _OFFSETS[o]) < tuning.STROKE_BAND
        print_along = (cos * hu + sin * hv)[under]
        if len(print_along):  # the print on the band goes past the centre from the pen seen
            p_lo, p_hi = print_along.min(), print_along.max()
            hi_open = p_lo <= hi + tuning.STROKE_GAP and p_hi > max(hi, 0)
            lo_open = p_hi >= -lo - tuning.STROKE_GAP and p_lo < min(-lo, 0)
            if hi_open or lo_open:
                filled.append(print_along)
                # (hidden on one side only: how far short of the middle the pen seen stops,
                # and from how far out it comes)
                near, far = (-lo, hi) if lo_open else (-hi, lo)
                if lo_open != hi_open and far >= tuning.STRIKE_FAR:
                    short = float(max(0.0, near))
                lo, hi = max(lo, -p_lo) if lo_open else lo, max(hi, p_hi) if hi_open else hi
    reach = min(np.inf if lo_open else lo, np.inf if hi_open else hi)  # the shorter side
    middle = np.arange(-min(lo, tuning.STROKE_REACH), min(hi, tuning.STROKE_REACH),
                       tuning.STROKE_BIN)
    fill = np.mean(_bins_hit(np.concatenate(filled), middle)) if len(middle) else 0.0
    return float(counts[a, o] / len(u) * _clip01(reach / tuning.STROKE_REACH)
                 * _clip01(fill / tuning.STROKE_FILLED)), short


def _bins_hit(x: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Per bin [start, start + STROKE_BIN), whether any of `x` lies in it: from where each
    bin's ends fall among the sorted `x`, without a bins × pixels array."""
    srt = np.sort(x)
    return (np.searchsorted(srt, starts + tuning.STROKE_BIN, side="left")
            > np.searchsorted(srt, starts, side="left"))


def _band_counts(normal: np.ndarray) -> np.ndarray:
    """Per angle and offset, the pixels on the band: the counts of
    np.abs(normal[:, None, :] - _OFFSETS[None, :, None]) < STROKE_BAND, without that
    angles × offsets × pixels array. n - offset rounds monotonically in n, so on each angle's
    sorted normals a band is a run, whose ends binary search finds (all angles' rows in one
    search: laid end to end, each row and the bands' edges clear of the next) and the exact
    test then confirms; where it does not (never seen), the counts are taken the long way."""
    band = tuning.STROKE_BAND
    srt = np.sort(normal, axis=1)
    n_angles, n = srt.shape
    rows = np.arange(n_angles)[:, None]
    reach = _OFFSETS[-1] + band
    shift = rows * (max(float(srt[:, -1].max()), reach) - min(float(srt[:, 0].min()), -reach) + 1)
    flat = (srt + shift).ravel()
    fenced = np.empty((n_angles, n + 2), srt.dtype)  # np.pad's result, without its overhead
    fenced[:, 0], fenced[:, -1], fenced[:, 1:-1] = -np.inf, np.inf, srt
    ends = []
    for edge, side, near in ((-band, "right", lambda d: d <= -band),
                             (band, "left", lambda d: d < band)):
        # per row and offset, how many normals lie on the near side of this edge of the band
        at = np.searchsorted(flat, (_OFFSETS + edge + shift).ravel(), side=side)
        at = at.reshape(n_angles, -1) - rows * n
        if not (near(fenced[rows, at] - _OFFSETS) & ~near(fenced[rows, at + 1] - _OFFSETS)).all():
            return (np.abs(normal[:, None, :] - _OFFSETS[None, :, None]) < band).sum(axis=2)
        ends.append(at)
    return ends[1] - ends[0]


def _clip01(x: float) -> float:
    """np.clip(x, 0, 1) of one number, the same value (NaN and -0.0 kept as they are),
    without numpy's overhead per call (verdicts take it a few hundred times a sheet)."""
    if math.isnan(x):
        return x
    return 0.0 if x < 0.0 else min(x, 1.0)


def _grade(value: float, yes: float, no: float) -> float:
    """> 0 when `value` says yes (1 at `yes` or beyond), < 0 when no (−1 at `no` or below)."""
    mid = (yes + no) / 2
    return (value - mid) / ((yes - no) / 2)
