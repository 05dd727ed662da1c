"""``python -m lpsolve``."""

import sys

from .cli import main

sys.exit(main())
