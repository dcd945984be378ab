"""The reading pipeline: photo file → layout, element verdicts and the rectified sheet.

photo.load → locate.sight (→ missed) → rectify → tone + light + rectify.displacement → ink → judge
(→ glare: where a reflection washes the print out, nothing is read sure; → cover: nor where a
finger holds the sheet down, or a pen or a die lies on it)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import cv2
import numpy as np

from ..errors import NoSheet
from ..geometry import CORNERS, MARKER_GRID, Element, SheetGeometry, geometry
from ..layout import Layout, load_layout
from ..layout.registry import builtin_ids
from ..marks import Marks
from ..render.preview import render_sheet_image
from ..render.sheet import HATCH
from . import tuning
from .cover import covered, dark_over, deep_within, print_hidden
from .crease import Crease, find_creases, plain_light, unfold
from .fill import doubt_pale_fills
from .flatten import flat_field
from .glare import lifted_light, near, paled_print, star_veils, veiled, washed_out
from .helper import Shared, handing_over_often, meanwhile
from .ink import (
    Blank,
    channel_sum,
    coarse_copy,
    colour_blur_px,
    even_noise,
    expected_print,
    ink,
    least_channel,
    paper_level,
    percentile,
    prepare_blank,
)
from .judge import VALUE_KINDS, Patch, Verdict, is_small, judge, what_follows
from .light import full_size, light_field
from .locate import Sighting, homography, one_sheet, sight
from .memory import reuse_freed_memory
from .missed import find_missed
from .photo import Photo, load_photo
from .rectify import displacement, photo_px_per_mm, rectify
from .tone import colour_strength, fill_strength, printed_tone


@dataclass(frozen=True)
class Reading:
    source: str
    layout: Layout
    verdicts: list[Verdict]
    sheet_bgr: np.ndarray  # the photo in the sheet's frame, at tuning.PX_PER_MM
    notes: list[str]  # things the players should know about the photo itself

    @property
    def marks(self) -> Marks:
        return Marks(states={v.id: v.state for v in self.verdicts},
                     uncertain={v.id for v in self.verdicts if v.uncertain})


class FewPixels(NoSheet):
    """A refusal that more of the photo's pixels on the sheet may mend."""


@lru_cache(maxsize=8)
def blank_for(layout: Layout, mono: bool, grey: bool = False) -> Blank:
    """The blank sheet of a colour pad, or of a black-and-white one (`mono`); `grey`: the
    colour pad as a photo in shades of grey shows it."""
    rgb = render_sheet_image(layout, tuning.PX_PER_MM * 25.4, mono)
    if grey:
        rgb = cv2.cvtColor(cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY), cv2.COLOR_GRAY2RGB)
    return prepare_blank(rgb, tuning.PX_PER_MM, 1 - HATCH.red if mono else 0.0)


def read_photo(path: Path, layouts: dict[int, Layout] | None = None, page: int | None = None
               ) -> Reading:
    """Read one photo (or `page`, from 1, of a scanner app's PDF of several). `layouts` adds
    layouts by code to the built-in ones."""
    return read_decoded(load_photo(path, page), layouts)


def read_image(photo: np.ndarray, name: str, layouts: dict[int, Layout] | None = None
               ) -> Reading:
    """Read the photo `photo` (BGR pixels, as a phone saved them: see
    photo.PHONE_COLOUR_STEP) called `name`."""
    return read_decoded(Photo.of(photo, name), layouts)


def read_decoded(photo: Photo, layouts: dict[int, Layout] | None = None) -> Reading:
    """Read a photo as photo.decode gives it."""
    reuse_freed_memory()
    with handing_over_often():
        return _read_decoded(photo, layouts)


def _read_decoded(photo: Photo, layouts: dict[int, Layout] | None) -> Reading:
    """read_decoded's reading, the GIL handed over often."""
    name = photo.name
    why = ("this photo is in black and white only, without greys (a scanner app's "
           "black-and-white mode), which wipes out the cells and pale pen")
    # the photo's colours decode on the helper while the sheet is found here in its grey
    # (decoded apart first): the grey and the search take longer than the colours, and the
    # reading waited for the helper's search (2-3 ms sooner on a 12 MP photo, timed in turns)
    colours = meanwhile(lambda: photo.bgr)
    try:
        found = _found(photo, layouts or {})
        r = _read_sheet(colours.result(), *found, taken=photo.size,
                        colour_step=photo.colour_step)
    except NoSheet as e:
        if _binarised(photo.grey):  # what went wrong is the picture's, not the sheet's
            raise NoSheet(f"{name}: {why}; take it in colour or in grey") from None
        if isinstance(e, FewPixels) and photo.finer is not None:
            # decoded at reduced size (the reader needs fewer pixels than a phone takes): every
            # pixel of the photo is read before it is refused for too few
            return _read_decoded(photo.finer(), layouts)
        if isinstance(e, FewPixels) and (hint := _shrunk(photo.size)):
            raise NoSheet(f"{e.message}{hint}") from None
        raise
    if not _binarised(photo.grey):
        return r
    # its corner marks can still be found, but nothing in it is what the reader measures by
    note = f"{why}: every mark is left for you to check; take the photo in colour or in grey"
    return Reading(r.source, r.layout, [v.doubted(binarised=1.0) for v in r.verdicts],
                   r.sheet_bgr, [*r.notes, note])


def _found(photo: Photo, layouts: dict[int, Layout]
           ) -> tuple[np.ndarray, Layout, SheetGeometry, Sighting, list[str], str]:
    """Where the sheet lies in the photo (see locate.homography), and what sheet it is: the
    first arguments of _read_sheet."""
    grey, name = photo.grey, photo.name
    seen, layout, g, fit = _sighted(grey, name, layouts)
    more = find_missed(grey, seen, g)  # (where the search missed a mark, it may still show)
    if more is not seen:
        seen, fit = more, None
    if len(seen.markers) < tuning.MIN_MARKERS:
        if _markers_blurred(grey, seen):
            raise NoSheet(f"{name}: the photo is too blurred to find the sheet's corner marks; "
                          "hold the phone still and let it focus")
        seen_names = ", ".join(seen.corners)
        raise NoSheet(f"{name}: only {len(seen.markers)} of the sheet's four black corner squares "
                      f"{'is' if len(seen.markers) == 1 else 'are'} visible ({seen_names}); "
                      "photograph the whole sheet with at least three of them")
    to_mm, misfits = fit or homography(seen, g)
    scale = photo_px_per_mm(to_mm, g.sheet_mm)
    if scale < tuning.MIN_PHOTO_PX_PER_MM:
        raise FewPixels(f"{name}: the sheet is too small in the photo ({_short_of(scale)} "
                        f"pixels per mm, at least {tuning.MIN_PHOTO_PX_PER_MM:g} needed); come "
                        "closer")
    return to_mm, layout, g, seen, misfits, name


def _read_sheet(photo: np.ndarray, to_mm: np.ndarray, layout: Layout, g: SheetGeometry,
                seen: Sighting, misfits: list[str], name: str, bend: np.ndarray | None = None,
                flattened: int = 0, sigma: float | None = None, *, taken: tuple[int, int],
                colour_step: float) -> Reading:
    """Read the sheet in `photo` (`to_mm`: see locate.homography), a photo `taken` (w, h)
    pixels that keeps a colour for each `colour_step` pixels along a side (see
    photo.PHONE_COLOUR_STEP). `bend`: where a reading before found its print, as it does not
    lie flat (see flatten.flat_field), `flattened` times over; `sigma`: the photo's blur that
    reading measured."""
    px = tuning.PX_PER_MM
    sheet = rectify(photo, to_mm, g.sheet_mm, px, bend)  # BGR, as photos are decoded: the
    # patches only need each pixel's sum of channels, so only the coarse copy is turned to RGB
    blank, coarse, washed, lifted, in_grey = _best_blank(layout, sheet, g, name)
    # the light, the alignment and the print expected do not depend on each other: the
    # printer's tone and the light are worked out on another core from here on
    tone = meanwhile(lambda: printed_tone(coarse, blank, lifted))
    # (the helper takes its jobs in turn: the tone is there by the time the light needs it)
    lit = meanwhile(lambda: light_field(coarse, blank, tone.result()))
    light = meanwhile(lambda: full_size(lit.result(), sheet.shape[:2]))
    # the creases of a sheet folded and opened again, whose shade is divided out of the sheet
    # before its patches are cut out; the light is measured on the photo as it is: a crease's
    # thin shade is too narrow for it to follow far, and where it does, the pen reads no
    # darker for it (a crease's shade divided out of this coarse copy too, by a band measured
    # in its few pixels, left the light too bright beside some: cells read crossed, sure, on
    # --fold ordinary 17, 25)
    folds = meanwhile(lambda: _creases(coarse, blank, tone.result(), g))
    notes = []
    hidden = [c for k, c in enumerate(CORNERS) if k not in seen.markers]
    if hidden:
        notes.append(f"the {', '.join(hidden)} corner mark is hidden; read from the others")
    if misfits:
        notes.append(f"the {', '.join(misfits)} corner mark did not fit the others and was "
                     "left out (is that corner folded?)")
    grey_sheet = cv2.cvtColor(sheet, cv2.COLOR_BGR2GRAY)
    if sigma is None:  # measured once, on the corner marks where the flat warp puts them
        sigma = _check_sharp(grey_sheet, g, name)  # (laid flat, the field moves them too)
    found, shifts, matches, bent, print_shown = displacement(grey_sheet, blank, g, px,
                                                             bend is not None)
    more = flat_field(g, found, matches, px, sheet.shape[1::-1]) if (
        bent.any() and flattened < tuning.FLAT_PASSES and not washed.any()) else None
    if more is not None:
        # paper that does not lie flat: laid flat by where its print was found and read again
        # (with a corner mark hidden too: that also mends the other three's less exact fit)
        tone.result(), light.result()  # (the helper's work on this copy done first)
        return _read_sheet(photo, to_mm, layout, g, seen, misfits, name,
                           more if bend is None else bend + more, flattened + 1, sigma,
                           taken=taken, colour_step=colour_step)
    # what lies over the sheet needs only the light (and the coarse copy), and is asked for
    # once the judge is done. The helper, done with the light before this thread is with the
    # print expected, looks for light of another colour meanwhile; the rest it looks for after
    # its share of the patches, which the judge waits for, each a job of its own: the judge's
    # own job for the helper goes first, before any not begun (4-8 ms sooner on a 12 MP photo)
    cover = meanwhile(lambda: covered(lit.result(), in_grey))
    boxes, by_size = _patch_boxes(g.elements, px, *sheet.shape[1::-1])
    area = _around(boxes)
    scale = photo_px_per_mm(to_mm, g.sheet_mm)
    expected = expected_print(blank.rgb, tone.result(), sigma * px, px, area,
                              colour_blur_px(colour_step, scale, px))
    creases = []  # (the print was found first, where it lies: a crease moves none of it)
    if folds.result():
        creases = unfold(sheet, blank.rgb, tone.result(), blank.flat, folds.result(), px)
        grey_sheet = cv2.cvtColor(sheet, cv2.COLOR_BGR2GRAY)
    places = _placed(boxes, shifts, *sheet.shape[1::-1])
    jobs, patches_done = _patch_jobs(sheet, light, (expected, area[:2]), places, boxes,
                                     by_size, g.elements)
    helped = meanwhile(jobs.work)  # the helper's share, once the light is done
    hid = meanwhile(lambda: print_hidden(grey_sheet, px, blank, g.elements, lit.result()))
    dark = meanwhile(lambda: dark_over(coarse, blank, tone.result(), lit.result()))
    deep = meanwhile(lambda: deep_within(lit.result()))
    veil = meanwhile(lambda: near(lifted_light(lit.result()), tuning.VEIL_REACH_MM))
    jobs.work()
    helped.result()
    patches = patches_done()
    near_hidden = shaded(g, hidden)
    # (a black-and-white pad's hatching can pass for specks too, and so can the print's edges
    # on a sheet laid flat: it fits less exactly than a flat one)
    faint_unsure = bool(hidden) or blank.hatch_dark > 0 or bend is not None
    print_paled = paled_print(g.elements, print_shown)
    verdicts, contrast = judge(patches, px, faint_unsure, near_hidden, sigma, blank.hatch_dark,
                               print_paled)
    glare = near(washed, tuning.GLARE_REACH_MM) if washed.any() else None
    under = _under_finger(g, cover.result() | hid.result() | dark.result(), glare, near_hidden)
    darkened = _under_finger(g, deep.result(), glare, near_hidden) - under
    rest = [p for p in patches if p.element.id not in under | darkened]
    if len(rest) < len(patches) and len(rest) >= tuning.COVER_REJUDGE * len(patches):
        # what lies over the sheet takes no part in the limits the rest is judged by: a pen's
        # dark edges lift the pen threshold over a faint pen's crosses far from it
        again, contrast = judge(rest, px, faint_unsure, near_hidden, sigma, blank.hatch_dark,
                                print_paled)
        again_by_id = {v.id: v for v in again}
        verdicts = [again_by_id.get(v.id, v) for v in verdicts]
    if contrast < tuning.MIN_CONTRAST:
        refusal = FewPixels if scale < tuning.CLOSER_PX_PER_MM else NoSheet
        raise refusal(f"{name}: the pen marks barely stand out from the paper in this photo "
                      f"(contrast {_short_of(contrast)}, at least {tuning.MIN_CONTRAST:g} "
                      f"needed); {_retake_for_contrast(scale)}")
    verdicts = _doubt_unseen(verdicts, g, hidden, list(misfits), matches, near_hidden)
    verdicts = _doubt_off_their_match(verdicts, g, found, shifts, matches, px)
    verdicts = _doubt_shade_edges(verdicts, g, near_hidden, light.result(), places)
    verdicts = doubt_pale_fills(verdicts, g, lit.result())
    verdicts = _doubt_strokes_on_creases(verdicts, g, creases)
    if any("crease" in v.features for v in verdicts):
        notes.append("the sheet was folded, and a crease runs through values that read struck: "
                     "a crease can look like a stroke through a value, so they are left for you "
                     "to check")
    if any("light_dip" in v.features for v in verdicts):
        notes.append("some boxes look coloured in with a pencil or a pale pen, which a photo "
                     "can hardly tell from bare paper: every box that reads empty is left for "
                     "you to check")
    verdicts = [v.doubted(covered=1.0) if v.id in under | darkened else v for v in verdicts]
    if under:
        notes.append("something lies over the sheet (a finger holding it down, a pen, a die?), "
                     "hiding what is under it: the marks there are left for you to check; "
                     "retake the photo without it")
    if darkened:
        notes.append("part of the sheet is much darker than the rest, as under something dark "
                     "lying on it (a die?) or where pen fills boxes side by side: the marks "
                     "there are left for you to check; take anything off the sheet and retake "
                     "the photo")
    # (near a reflection's washed-out spot the print matches nowhere, and what lies there is
    # left to the players anyway)
    out_of_place = {e.id for e, b in zip(g.elements, bent)
                    if b and (glare is None or not _touches(e, glare))}
    if out_of_place:
        verdicts = [v.doubted(not_flat=1.0) if v.id in out_of_place else v for v in verdicts]
        notes.append("the sheet does not lie flat (an edge or a corner lifts off the table), "
                     "so marks near it may be read out of place: they are left for you to "
                     "check; press the sheet flat and retake the photo")
    read = {v.id: v for v in verdicts}
    # (a star read crossed but paler than the pen is what a veil makes of it too: measured, so
    # that the players hear of the reflection)
    veils = star_veils(sheet, blank, tone.result(),
                       [(e, places[k]) for k, e in enumerate(g.elements) if e.star
                        and read[e.id].state == "crossed"
                        and (not read[e.id].uncertain or "pale" in read[e.id].features)])
    verdicts = [_under_veil(v, *veils[v.id]) if v.id in veils else v for v in verdicts]
    paled = veil.result()  # (where a faint reflection lies, what reads empty may be pen)
    verdicts = [v.doubted(veil=1.0) if v.state == "empty" and not is_small(g.element(v.id))
                and _touches(g.element(v.id), paled) else v for v in verdicts]
    if glare is not None:
        verdicts = [v.doubted(glare=1.0) if _touches(g.element(v.id), glare) else v
                    for v in verdicts]
        notes.append("a reflection (a lamp or a window) washes out part of the sheet: what "
                     "lies near it is left for you to check; retake the photo from a little "
                     "to one side")
    elif paled.any() or any(veiled(*shown) for shown in veils.values()) or any(
            "paled" in v.features or "paled_around" in v.features for v in verdicts):
        notes.append("a reflection (a lamp or a window) lies over part of the sheet: what reads "
                     "empty under it, or a star that looks crossed, is left for you to check; "
                     "retake the photo from a little to one side")
    # (what lies over the sheet keeps the verdicts of the judging it took part in, whose
    # limits its shade may have set: the rest, judged again, tells of the pen)
    told = [v for v in verdicts if "covered" not in v.features]
    if any("weak_pen" in v.features for v in told):
        # (the phone's photo has the pixels a reduced decode left out: told by its own)
        notes.append(_weak_pen_note(scale * taken[0] / photo.shape[1], taken))
    if any("hatched" in v.features for v in told):
        notes.append("this pad is printed in black and white and its pen is paler than the "
                     "hatching (or the photo too dull), in which a stroke can vanish: what "
                     "reads empty is left for you to check (a darker pen, or a pad printed in "
                     "colour, has it read)")
    if _too_few_crosses(verdicts, g):
        notes.append("next to nothing is crossed on this sheet: if it is filled in, its pen "
                     "does not show in this photo; retake it closer, in brighter light")
        verdicts = [v.doubted(few_crosses=1.0) if v.state == "empty" and not is_small(
            g.element(v.id)) else v for v in verdicts]
    return Reading(name, layout, what_follows(verdicts), sheet, notes)


def _creases(coarse: np.ndarray, blank: Blank, tone: np.ndarray, g: SheetGeometry
             ) -> list[Crease]:
    """The creases of a sheet folded and opened again (see crease.py), on its coarse copy."""
    printed = cv2.LUT(blank.small, np.maximum(tone, 1.0))
    return find_creases(plain_light(coarse, printed, blank.flat), tuning.LIGHT_PX_PER_MM,
                        g.elements)


def _sighted(grey: np.ndarray, name: str, extra: dict[int, Layout], search_all: bool = False
             ) -> tuple[Sighting, Layout, SheetGeometry, tuple[np.ndarray, list[str]] | None]:
    """The one sheet in the photo (see locate.one_sheet), its layout and geometry, and its
    homography where already fitted; a photo with more than one sheet is refused. The quick
    search stops at four markers: where one of them does not fit the others, it may be
    another sheet's, and everything is searched."""
    seen = sight(grey, search_all)
    if seen is None:
        raise NoSheet(_why_no_sheet(grey, name))
    layout = _layout_for(seen.code, name, extra)
    g = geometry(layout)
    seen, others = one_sheet(seen, lambda code: _geometry_of(code, extra),
                             grey.shape[::-1])
    if others:
        raise NoSheet(f"{name}: {others + 1} sheets show in this photo, and only one can be "
                      "scored from it; photograph each sheet on its own")
    if not seen.searched_all:
        fit = homography(seen, g)
        if fit[1]:
            return _sighted(grey, name, extra, search_all=True)
        return seen, layout, g, fit
    return seen, layout, g, None


def _geometry_of(code: int, extra: dict[int, Layout]) -> SheetGeometry | None:
    layout = _known_layout(code, extra)
    return geometry(layout) if layout else None


def _under_veil(v: Verdict, darker: float, even: float) -> Verdict:
    """A star read crossed, with how it shows (see glare.star_veils) among its features: a
    doubt where that is a reflection's veil."""
    shown = {"star_dark": round(darker, 3), "star_even": round(even, 3)}
    if veiled(darker, even):
        return v.doubted(veil=1.0, **shown)
    return Verdict(v.id, v.state, v.confidence, {**v.features, **shown})


def _too_few_crosses(verdicts: list[Verdict], g: SheetGeometry) -> bool:
    """Fewer boxes read crossed than any finished game leaves: a pen too faint for the photo
    (a light pencil, blurred away) reads as a blank sheet, and a blank sheet is no evidence
    that nothing was crossed."""
    crossed = [v for v in verdicts if v.state == "crossed"
               and g.element(v.id).kind not in VALUE_KINDS and not is_small(g.element(v.id))]
    return len(crossed) < tuning.MIN_CROSSES


def _doubt_off_their_match(verdicts: list[Verdict], g: SheetGeometry, found: np.ndarray,
                           shifts: np.ndarray, matches: np.ndarray, px_per_mm: float
                           ) -> list[Verdict]:
    """A box read crossed by a faint line or specks alone (its coverage under the limit) is not
    sure where its own print matched (ALIGN_MIN_PEAK) OWN_OFF_MM or more from where it was
    read, its neighbours' shift (see rectify.displacement): with so little pen in it its own
    match is the truer, and its outline read that far off passes for a faint line. `found`,
    `shifts`: per element of `g`, in pixels."""
    ids = [e.id for e in g.elements]
    off = dict(zip(ids, np.hypot(*(found - shifts).T) / px_per_mm))
    match = dict(zip(ids, matches))
    out = []
    for v in verdicts:
        f = v.features  # (values have no coverage: circles and strokes are read otherwise)
        if (v.state == "crossed" and "cover" in f and f["cover"] < f["limit"]
                and match[v.id] >= tuning.ALIGN_MIN_PEAK and off[v.id] >= tuning.OWN_OFF_MM):
            v = v.doubted(own_match=round(float(off[v.id]), 2))
        out.append(v)
    return out


def _doubt_unseen(verdicts: list[Verdict], g: SheetGeometry, hidden: list[str],
                  misfits: list[str], matches: np.ndarray, near_hidden: frozenset[str]
                  ) -> list[Verdict]:
    """Verdicts that are not sure because the print may be covered or misplaced: next to a
    corner mark that is hidden (a thumb holding the sheet), the elements whose print matches
    the blank less well than is usual for their kind on this sheet (what hides the mark lies
    over them too); next to a corner mark that is hidden or did not fit (too blurred or dark to
    find there, a folded corner), the small boxes, whose outline is much of them.
    `near_hidden`: the elements near a hidden corner mark (see `shaded`)."""
    if not hidden and not misfits:  # every corner mark seen where the others put it
        return verdicts
    match = {e.id: m for e, m in zip(g.elements, matches)}
    usual = {k: np.median([m for e, m in zip(g.elements, matches)
                           if e.kind == k and np.isfinite(m)] or [1.0])
             for k in {e.kind for e in g.elements}}
    out = []
    for v in verdicts:
        e = g.element(v.id)
        shows = match[v.id] >= tuning.COVERED_MATCH * usual[e.kind]  # False for NaN: unsure
        unseen = not shows and v.id in near_hidden
        folded = is_small(e) and _near(e, g, misfits + hidden, tuning.COVERED_CORNER_MM)
        if unseen or folded:
            v = v.doubted(print_unseen=1.0)
        out.append(v)
    return out


def _doubt_strokes_on_creases(verdicts: list[Verdict], g: SheetGeometry, creases: list[Crease]
                              ) -> list[Verdict]:
    """A value read struck by a line no clearer than what a crease's shade can leave of itself
    (CREASE_STROKE_Z) where one of the `creases` (their shade divided out) runs: a doubt."""
    return [v.doubted(crease=1.0) if v.state == "struck"
            and v.features.get("line_z", np.inf) < tuning.CREASE_STROKE_Z
            and any(c.crosses(g.element(v.id).box_mm, g.sheet_mm) for c in creases) else v
            for v in verdicts]


def _doubt_shade_edges(verdicts: list[Verdict], g: SheetGeometry, near_hidden: frozenset[str],
                       light: np.ndarray, places: list[tuple[int, ...]]) -> list[Verdict]:
    """Near a hidden corner mark (`near_hidden`, see `shaded`), a mark read where the light
    falls off sharply across the element (the edge of the thumb that hides the mark, or of its
    shadow, crosses it) is not sure: the light field follows such an edge only roughly, and
    what it misses of it reads as pen. `light`: see light.full_size; `places`: see
    _placed."""
    if not near_hidden:  # every corner mark seen
        return verdicts
    px = tuning.PX_PER_MM
    shift = {e.id: (sx, sy) for e, (*_, sx, sy) in zip(g.elements, places)}
    out = []
    for v in verdicts:
        if v.id in near_hidden and v.state != "empty":
            (x, y, w, h), (sx, sy) = g.element(v.id).box_mm, shift[v.id]
            lit = least_channel(light[max(0, round(y * px) + sy):round((y + h) * px) + sy,
                                      max(0, round(x * px) + sx):round((x + w) * px) + sx])
            step = float(lit.max() / max(float(lit.min()), 1e-3)) if lit.size else 1.0
            if step >= tuning.SHADE_EDGE_STEP:
                v = v.doubted(shade_edge=round(step, 2))
        out.append(v)
    return out


def _under_finger(g: SheetGeometry, over: np.ndarray, glare: np.ndarray | None,
                  near_hidden: frozenset[str]) -> set[str]:
    """The elements that what cover found (`over`: a finger, what hides the print, a deep spot
    within the sheet) lies over or beside; none where it lies over the margin only. Not within
    a reflection's reach (`glare`, see glare.near): its veil tints the light measured under it
    too, and all there is left to the players anyway; nor near a hidden corner mark
    (`near_hidden`), where what hides it is weighed by _doubt_unseen and the judge."""
    finger = over if glare is None else over & (1 - glare)
    if not finger.any():
        return set()
    return {e.id for e in g.elements if e.id not in near_hidden and _touches(e, finger)}


def _touches(e: Element, mask: np.ndarray) -> bool:
    """Whether an element's box meets the mask (at LIGHT_PX_PER_MM)."""
    k = tuning.LIGHT_PX_PER_MM
    x, y, w, h = e.box_mm
    return bool(mask[int(y * k):math.ceil((y + h) * k), int(x * k):math.ceil((x + w) * k)].any())


def shaded(g: SheetGeometry, hidden: list[str]) -> frozenset[str]:
    """The elements that what hides these corner marks (a thumb) may lie over or shade."""
    return frozenset(e.id for e in g.elements if _near(e, g, hidden, tuning.HIDDEN_CORNER_MM))


def _near(e: Element, g: SheetGeometry, corners: list[str], reach_mm: float) -> bool:
    """Whether an element's centre lies within `reach_mm` of one of these corners' marks."""
    x, y, w, h = e.box_mm
    return any(np.hypot(x + w / 2 - (fx + fw / 2), y + h / 2 - (fy + fh / 2)) <= reach_mm
               for f in g.fiducials if f.corner in corners for fx, fy, fw, fh in [f.box_mm])


def _retake_for_contrast(scale: float) -> str:
    """How to retake a photo whose pen barely stands out, the sheet showing at `scale` photo
    pixels per mm: closer where a pen line is about a pixel wide, else in better light."""
    if scale < tuning.CLOSER_PX_PER_MM:
        return (f"retake it from closer (the sheet shows at only {_short_of(scale)} pixels per "
                "mm, where a thin or pale pen line fades into the paper), in bright, even light")
    return "retake it in brighter, even light"


def _weak_pen_note(scale: float, taken: tuple[int, int]) -> str:
    """What players hear of a photo whose pen barely shows (see judge), the sheet at `scale`
    photo pixels per mm in a photo `taken` (w, h) pixels: as for a refusal for its contrast,
    to come closer where a pen line spans about a pixel, and not to blame the light then."""
    if scale >= tuning.CLOSER_PX_PER_MM:
        return ("the pen barely shows in this photo (blurred, or dull light), so a faint cross "
                "could be missed: what reads empty is left for you to check; retake it in "
                "brighter light, holding the phone still")
    return ("the pen barely shows in this photo, so a faint cross could be missed: what reads "
            f"empty is left for you to check; {_retake_for_contrast(scale)}"
            + _shrunk(taken))


def _shrunk(taken: tuple[int, int]) -> str:
    """The hint for a photo smaller than a phone takes them (`taken`: w, h); "" for one that is
    not."""
    if max(taken) >= tuning.SHRUNK_SIDE:
        return ""
    return (f" (this photo is only {taken[0]}×{taken[1]} pixels: if a messaging app shrank it, "
            "score the phone's own)")


def _short_of(figure: float) -> str:
    """A figure that fell short of its limit, to one decimal rounded down: 1.97 against a
    limit of 2 reads 1.9, not a puzzling 2.0."""
    return f"{math.floor(figure * 10 + 1e-9) / 10:.1f}"  # (2.3 * 10 is 22.999…)


def _layout_for(code: int, name: str, extra: dict[int, Layout]) -> Layout:
    layout = _known_layout(code, extra)
    if layout is None:
        raise NoSheet(f"{name}: the sheet's corner marks name layout code {code}, which is not "
                      "a built-in layout; give its YAML file with --layout")
    return layout


def _known_layout(code: int, extra: dict[int, Layout]) -> Layout | None:
    """The layout of a code: one given (`extra`) or a built-in one; None for neither."""
    return extra.get(code) or _builtin_layout(code)


@cache
def _builtin_layout(code: int) -> Layout | None:
    """The built-in layout of a code, None for none: the package's own, the same for every
    photo. Loaded one by one until found: a photo's is nearly always Encore's own, which sorts
    first (loading the other six too took 26 ms of every score command)."""
    for i in builtin_ids():
        layout = load_layout(i)
        if layout.code == code:
            return layout
    return None


def _why_no_sheet(grey: np.ndarray, name: str) -> str:
    """No fiducial found: say "blurred" when the picture has contrast but no sharp edges at
    all, else that there is no sheet."""
    f = min(1.0, 1000 / max(grey.shape))
    small = cv2.resize(grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    spread = float(small.std())
    sharp = cv2.Laplacian(small, cv2.CV_32F).var() / max(1.0, spread) ** 2
    if spread > tuning.PHOTO_MIN_CONTRAST and sharp < tuning.BLURRED_PHOTO:
        return f"{name}: the photo is too blurred to find the sheet; hold the phone still " \
               "and let it focus"
    return f"{name}: no encore-print sheet found; the four black corner squares of the " \
           "sheet must be in the photo"


def _best_blank(layout: Layout, bgr: np.ndarray, g: SheetGeometry, name: str
                ) -> tuple[Blank, np.ndarray, np.ndarray, np.ndarray, bool]:
    """A colour pad or a black-and-white one: colour when the photo shows enough of the colour
    pad's colours (see tone.colour_strength), away from where a reflection washes the print
    out, whose veil takes the colours out of all it lies over (--glare ordinary seeds 38, 354:
    over the colour bonus boxes, it had the pad read as black-and-white, and empty cells
    crossed, sure). The photo's coarse copy (RGB) they were compared on (colour is broad, not
    fine), which the light is measured on too (the two blanks' coarse copies are one size),
    where the print is washed out on the blank chosen (see glare.washed_out), and what lies
    within TONE_GLARE_MM of that; and whether the photo is in shades of grey (see _grey_pad)."""
    colour = blank_for(layout, False)  # (the black-and-white pad's is made where it is one)
    coarse = cv2.cvtColor(coarse_copy(bgr, colour), cv2.COLOR_BGR2RGB)
    in_grey = _in_grey(coarse)
    if in_grey:  # no colours to tell by: a colour pad's cells show as grey fills
        blank = _grey_pad(layout, bgr, g, name)
    else:
        washed = washed_out(coarse, colour)
        lifted = near(washed, tuning.TONE_GLARE_MM)
        strength = colour_strength(coarse, colour, lifted)
        if strength is None:  # (a black-and-white pad's hatching can show as washed-out fills)
            strength = colour_strength(coarse, colour)
        if strength is None or strength > tuning.PAD_COLOUR_STRENGTH:
            return colour, coarse, washed, lifted, False  # (or a layout with no colours)
        blank = blank_for(layout, True)
    washed = washed_out(coarse, blank)
    return blank, coarse, washed, near(washed, tuning.TONE_GLARE_MM), in_grey


def _grey_pad(layout: Layout, bgr: np.ndarray, g: SheetGeometry, name: str) -> Blank:
    """On a photo in shades of grey, the black-and-white pad or the colour pad as grey shows
    it, told by tone.fill_strength; a photo where that cannot tell is refused."""
    grey = blank_for(layout, False, grey=True)
    strength = fill_strength(bgr, grey, _star_boxes(g.elements))
    mono_most, colour_least = tuning.PAD_FILL_STRENGTH
    if strength is None or mono_most < strength < colour_least:
        raise NoSheet(f"{name}: this photo is in shades of grey, and in it this pad's cells "
                      "could be a colour pad's or a black-and-white one's; take the photo "
                      "in colour")
    return blank_for(layout, True) if strength <= mono_most else grey


@lru_cache(maxsize=8)
def _star_boxes(elements: tuple[Element, ...]) -> list[tuple[int, int, int, int]]:
    """The star cells' boxes in the sheet's pixels (x0, y0, x1, y1)."""
    px = tuning.PX_PER_MM
    return [(round(x * px), round(y * px), round((x + w) * px), round((y + h) * px))
            for e in elements if e.star for x, y, w, h in [e.box_mm]]


def _binarised(grey: np.ndarray) -> bool:
    """Whether a picture is black and white only (a scanner app's black-and-white mode): most
    of its pixels near black or white (a JPEG's ringing leaves some in between), and a fair
    part of them black (a photo blown out to white has next to none)."""
    sample = grey[::4, ::4]
    dark = np.count_nonzero(sample <= tuning.BINARY_DARK)
    light = np.count_nonzero(sample >= tuning.BINARY_LIGHT)
    return dark + light >= tuning.BINARY_SHARE * sample.size \
        and dark >= tuning.BINARY_BLACK * sample.size


def _in_grey(coarse: np.ndarray) -> bool:
    """Whether the photo is in shades of grey (a scanner app's grey filter, a camera's
    black-and-white mode): its channels nearly equal all over, as no colour photo shows even
    a black-and-white pad (a colour cast, the camera's noise)."""
    # every other pixel (colour lies in wide areas); numpy reduces a last axis of three
    # slowly (10 ms here): channel by channel
    r, g, b = (coarse[::2, ::2, c] for c in range(3))
    spread = np.maximum(np.maximum(r, g), b) - np.minimum(np.minimum(r, g), b)
    return np.count_nonzero(spread > tuning.GREY_SPREAD) <= tuning.GREY_COLOURED * spread.size


def _edge_sigma(patch: np.ndarray) -> float | None:
    """Blur sigma in pixels of a crisp black-white print seen in `patch`: a blurred step's
    steepest slope is its height / (sigma · √(2π))."""
    p = patch.astype(np.float32)
    if p.size < 16:
        return None
    height = float(percentile(p, 95) - percentile(p, 5))
    slope = np.hypot(cv2.Sobel(p, cv2.CV_32F, 1, 0), cv2.Sobel(p, cv2.CV_32F, 0, 1)) / 8
    steepest = float(percentile(slope, 99))
    if height <= 20 or steepest <= 0:
        return None
    return height / (steepest * np.sqrt(2 * np.pi))


def blur_mm(grey: np.ndarray, g: SheetGeometry) -> list[float]:
    """How blurred the rectified sheet (grey) is at each fiducial: the blur sigma (mm) of its
    edges. A steep photo is blurrier on its far side."""
    px = tuning.PX_PER_MM
    sigmas = []
    for f in g.fiducials:
        x, y, w, h = (round(v * px) for v in f.box_mm)
        sigma = _edge_sigma(grey[y:y + h, x:x + w])
        if sigma is not None:
            sigmas.append(sigma / px)
    return sigmas


def _markers_blurred(grey: np.ndarray, seen) -> bool:
    """The markers found are smeared over more than a third of one of their modules."""
    ratios = []
    for pts in seen.markers.values():
        x0, y0 = np.floor(pts.min(axis=0)).astype(int)
        x1, y1 = np.ceil(pts.max(axis=0)).astype(int)
        sigma = _edge_sigma(grey[max(0, y0):y1, max(0, x0):x1])
        module = np.linalg.norm(pts[1] - pts[0]) / MARKER_GRID
        if sigma is not None:
            ratios.append(sigma / module)
    return bool(ratios) and float(np.median(ratios)) > tuning.MARKER_BLUR


def _check_sharp(grey: np.ndarray, g: SheetGeometry, name: str) -> float:
    """The blur sigma in mm that the print is expected with: the largest of the fiducials'
    (within twice their median: a half-hidden mark measures nonsense), so no part of the sheet
    is blurrier than expected. A photo whose typical blur is too much is refused."""
    sigmas = blur_mm(grey, g)
    typical = float(np.median(sigmas)) if sigmas else float("inf")
    if typical > tuning.MAX_BLUR_MM:
        raise NoSheet(f"{name}: the photo is too blurred to read the pen marks; hold the phone "
                      "still and let it focus")
    return min(max(sigmas), 2 * typical)


def _patch_jobs(photo: np.ndarray, light: Future, expected: tuple[np.ndarray, tuple[int, int]],
                places: list[tuple[int, ...]], boxes: np.ndarray,
                by_size: tuple[tuple[int, ...], ...], elements: tuple[Element, ...]
                ) -> tuple[Shared, Callable[[], list[Patch]]]:
    """Each element's patch, as jobs that this thread and the helper share, and what gives
    the patches once the jobs are done (`photo`: the sheet in its frame, its channels in
    either order; `expected`: the print it should show, see expected_print, and where that
    starts; `places`: see _placed; `boxes`, `by_size`: see _patch_boxes): the ink maps of
    the patches of one size together as a stack (per patch, numpy's overhead cost more than
    its pixels). What needs no light is done here and now, while the helper works the light
    out."""
    n = tuning.PATCH_STACK
    stacks = [same[i:i + n] for same in by_size for i in range(0, len(same), n)]
    shared = Shared(lambda stack: _stack_ink(stack, light.result()),
                    [_stack_unlit(photo, [places[k] for k in ks], expected, boxes[list(ks)])
                     for ks in stacks])

    def patches() -> list[Patch]:
        inks: list[np.ndarray] = [np.empty(0)] * len(places)
        seen: list[np.ndarray] = [np.empty(0)] * len(places)
        levels = [0.0] * len(places)
        for ks, (m, lit_level, shows) in zip(stacks, shared.results):
            for j, k in enumerate(ks):
                inks[k] = m[j]
                levels[k] = float(lit_level[j])
                seen[k] = shows[j]
        even_noise(inks, levels)
        origins = [(x0, y0) for x0, y0, *_ in places]
        return [Patch(*parts) for parts in zip(elements, inks, origins, seen)]

    return shared, patches


@dataclass(frozen=True)
class _Stack:
    """Same-sized patches, before the light: where they lie (see _placed), the sum of the
    photo's channels there, the print expected there (float32, used up by _stack_ink) and
    where pen could show on it."""

    at: list[tuple[int, ...]]
    photo_sum: np.ndarray
    expected: np.ndarray
    shows: np.ndarray


def _stack_unlit(sheet: np.ndarray, at: list[tuple[int, ...]],
                 expected: tuple[np.ndarray, tuple[int, int]], boxes: np.ndarray) -> _Stack:
    """A stack of same-sized patches laid `at` on the `sheet` photo (its channels in either
    order: ink reads their sum), whose print `expected` (with where it starts) shows in
    their `boxes` (x0, y0, x1, y1)."""
    shown, (ox, oy) = expected
    exp = _float_stack([shown[y0 - oy:y1 - oy, x0 - ox:x1 - ox] for x0, y0, x1, y1 in boxes])
    photo = _float_stack([sheet[y0 + sy:y1 + sy, x0 + sx:x1 + sx]
                          for x0, y0, x1, y1, sx, sy in at])
    return _Stack(at, channel_sum(photo), exp, channel_sum(exp) > tuning.SEEN_PRINT * 3 * 255)


def _float_stack(pieces: list[np.ndarray]) -> np.ndarray:
    """np.stack(pieces).astype(np.float32), in one pass: without the stack in uint8 first."""
    return np.stack(pieces, dtype=np.float32, casting="safe")


def _stack_ink(stack: _Stack, light: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The stack's ink maps, how much light fell on each patch, and where pen could show."""
    exp = stack.expected
    lit = np.stack([light[y0 + sy:y1 + sy, x0 + sx:x1 + sx]
                    for x0, y0, x1, y1, sx, sy in stack.at])
    level = lit.reshape(len(stack.at), -1).mean(axis=1)
    # in place: the stacks are this reading's own, and this work is bound by memory, not
    # arithmetic: every stack-sized temporary costs
    exp *= lit
    lit *= 255
    m = ink(stack.photo_sum, exp, lit)
    m -= paper_level(m)  # shadow the light field missed
    # over print darker than half of white (a value's digit, an exclamation mark's glyph, a
    # star's outline) its own darkness cannot be told from pen: a phone's contrast and
    # sharpening show it darker than printed, in the shape of strokes, the more so on a pad
    # printed dark. A stroke across it still shows either side (and the judge's _across
    # takes it on through a digit)
    np.putmask(m, ~stack.shows, np.float32(0))
    return m, level, stack.shows


def _around(boxes: np.ndarray) -> tuple[int, int, int, int]:
    """The box around all these boxes (x0, y0, x1, y1)."""
    return (int(boxes[:, 0].min()), int(boxes[:, 1].min()), int(boxes[:, 2].max()),
            int(boxes[:, 3].max()))


@lru_cache(maxsize=8)
def _patch_boxes(elements: tuple[Element, ...], px: float, w_img: int, h_img: int
                 ) -> tuple[np.ndarray, tuple[tuple[int, ...], ...]]:
    """Where each element's patch lies on the sheet (x0, y0, x1, y1 in pixels: the element,
    and for a value the ring around it where a circle is drawn), and the elements grouped by
    the size of their patch. The same for every photo: kept."""
    boxes = []
    for e in elements:
        x, y, w, h = e.box_mm
        m = max(w, h) * (tuning.RING_OUTER - 1) / 2 + 0.5 if e.kind in VALUE_KINDS else 0.5
        boxes.append((max(0, round((x - m) * px)), max(0, round((y - m) * px)),
                      min(w_img, round((x + w + m) * px)), min(h_img, round((y + h + m) * px))))
    by_size: dict[tuple[int, int], list[int]] = {}
    for k, (x0, y0, x1, y1) in enumerate(boxes):
        by_size.setdefault((y1 - y0, x1 - x0), []).append(k)
    return np.array(boxes), tuple(tuple(ks) for ks in by_size.values())


def _placed(boxes: np.ndarray, shifts: np.ndarray, w_img: int, h_img: int
            ) -> list[tuple[int, ...]]:
    """Per patch, its box and the whole-pixel shift (sx, sy) that lays it over the photo, kept
    inside the sheet: (x0, y0, x1, y1, sx, sy)."""
    x0, y0, x1, y1 = boxes.T
    sx = np.minimum(np.maximum(np.round(shifts[:, 0]), -x0), w_img - x1)
    sy = np.minimum(np.maximum(np.round(shifts[:, 1]), -y0), h_img - y1)
    return list(zip(*(a.astype(int).tolist() for a in (x0, y0, x1, y1, sx, sy))))
