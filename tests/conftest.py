import pytest

from encore_print.geometry import geometry
from encore_print.layout import load_layout


@pytest.fixture(scope="session")
def encore():
    return load_layout("encore")


@pytest.fixture(scope="session")
def encore_geometry(encore):
    return geometry(encore)
