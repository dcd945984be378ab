"""ArUco markers as module grids, so the PDF draws crisp vector squares."""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from ..geometry import ARUCO_DICT, MARKER_GRID


@cache
def dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICT))


@cache
def modules(marker_id: int) -> np.ndarray:
    """MARKER_GRID × MARKER_GRID booleans, True where the marker is black (border included)."""
    img = cv2.aruco.generateImageMarker(dictionary(), marker_id, MARKER_GRID)
    return img < 128
