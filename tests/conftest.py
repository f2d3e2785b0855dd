import os
import sys
from pathlib import Path

import pytest

# The pure-Python references live in tests/reference and are imported as `reference.*`.
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def quick_pin_kdf(request, monkeypatch):
    """The manager key file's scrypt at a test's cost (tests/quick_pin_kdf.py), unless the test is marked
    `real_pin_kdf`: those check the cost a manager's file really gets."""
    if request.node.get_closest_marker("real_pin_kdf") is None:
        import quick_pin_kdf as quick

        quick.install(monkeypatch)
