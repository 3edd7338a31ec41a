"""pokersim: multi-table online poker tournament simulator.

Heavy modules load lazily, so ``import pokersim`` stays cheap and never imports simpy.
"""

from __future__ import annotations

from typing import Any

from pokersim.version import __version__

__all__ = ["__version__", "equity", "evaluate"]


def __getattr__(name: str) -> Any:
    if name == "equity":
        from pokersim.hand_equity import equity

        return equity
    if name == "evaluate":
        from pokersim.evaluator import evaluate

        return evaluate
    raise AttributeError(f"module 'pokersim' has no attribute {name!r}")
