"""Laying a sheet that does not lie flat (an edge curling up off the table) flat again, from
where its print was found element by element."""
from __future__ import annotations

import cv2
import numpy as np

from ..geometry import SheetGeometry, element_centres
from . import tuning


def flat_field(g: SheetGeometry, found_px: np.ndarray, matches: np.ndarray, px_per_mm: float,
               size: tuple[int, int]) -> np.ndarray | None:
    """Per pixel of the sheet's frame (`size`: w × h at `px_per_mm`), how far from where the
    corner marks put it the print that belongs there lies (h × w × 2, px), from where each
    element's print was found (`found_px`, see rectify.displacement) where it matched well
    (`matches`). A smoothing thin-plate spline through those shifts: it follows a curl's
    growth towards the edge, so the print is stretched as well as moved back. None when too
    few elements matched to tell."""
    trusted = matches >= tuning.ALIGN_MIN_PEAK
    if trusted.sum() < tuning.FLAT_MIN_ELEMENTS:
        return None
    centres = element_centres(g.elements)
    k = tuning.FLAT_FIELD_PX_PER_MM
    w, h = size
    gw, gh = round(w * k / px_per_mm), round(h * k / px_per_mm)
    gx, gy = np.meshgrid((np.arange(gw) + 0.5) / k, (np.arange(gh) + 0.5) / k)
    try:
        field = _thin_plate(centres[trusted], found_px[trusted],
                            np.column_stack([gx.ravel(), gy.ravel()]),
                            tuning.FLAT_OUTLIER_MM * px_per_mm)
    except np.linalg.LinAlgError:  # (the elements that matched all in a line: no surface)
        return None
    return cv2.resize(field.reshape(gh, gw, 2).astype(np.float32), (w, h),
                      interpolation=cv2.INTER_LINEAR)


def _thin_plate(at: np.ndarray, values: np.ndarray, where: np.ndarray, outlier: float
                ) -> np.ndarray:
    """The smoothing thin-plate spline through `values` (n × 2) at the points `at` (n × 2,
    mm), evaluated at `where` (m × 2). Values far off the surface the others make (more than
    about `outlier`) are weighed down, and it is fitted again: a print found a little out of
    place because a pen's circle next to it drew the match would bend the field there."""
    n = len(at)
    kernel = _kernel(at, at)
    affine = np.column_stack([np.ones(n), at])
    zeros = np.zeros((3, values.shape[1]))
    weights = np.ones(n)
    for _ in range(tuning.FLAT_REFITS + 1):
        system = np.block([[kernel + tuning.FLAT_SMOOTHING * np.diag(1 / weights), affine],
                           [affine.T, np.zeros((3, 3))]])
        coef = np.linalg.solve(system, np.vstack([values, zeros]))
        residual = np.hypot(*(values - kernel @ coef[:n] - affine @ coef[n:]).T)
        weights = 1 / (1 + (residual / outlier) ** 2)
    return _kernel(where, at) @ coef[:n] + np.column_stack(
        [np.ones(len(where)), where]) @ coef[n:]


def _kernel(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The thin-plate spline's r² log r between each of `a` and each of `b`."""
    r2 = np.maximum((a * a).sum(axis=1)[:, None] + (b * b).sum(axis=1)[None, :] - 2 * a @ b.T,
                    1e-12)  # (one product, not an m × n × 2 difference: it is the time spent)
    return 0.5 * r2 * np.log(r2)
