"""Shared paths and helpers of the trumpf package's tests."""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
ISS_RECORDS = ROOT / "crates" / "core" / "tests" / "data" / "iss" / "records.sgf"


@pytest.fixture
def iss_lines():
    return [l for l in ISS_RECORDS.read_text().splitlines() if l.strip()]
