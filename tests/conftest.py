"""The tests compile the kernels with numba, as without the ahead-of-time module.

``tests/test_aot.py`` runs both paths in fresh processes and compares their outputs.
"""

import os

os.environ.setdefault("POKERSIM_JIT", "1")
