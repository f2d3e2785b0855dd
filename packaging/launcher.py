"""The bundle's entry point. PyInstaller runs its entry script as a plain module, outside any package, so
it cannot be gui/__main__.py (that one imports its neighbours relatively); this one hands the command line
to the same main() that `dealerdrill` and `python -m dealerdrill` run."""
import sys

from dealerdrill.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
