import os
import sys
from pathlib import Path

# The pure-Python references live in tests/reference and are imported as `reference.*`.
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
