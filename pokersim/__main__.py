"""``python -m pokersim`` runs the command line."""

import sys

from pokersim.cli import main

sys.exit(main())
