"""``pokersim kernels``: compile the kernels ahead of time, so that a run starts without numba.

``pokersim.aot`` builds the extension module from the kernels this command's workload calls
from Python: the built-in scenario at two tables (plain, then with its actions and hand
histories written, then logged as records as a study's workers log it) and a block of hands
through ``play_batch``. ``make`` runs it before the
tests and runs. With ``--check`` nothing is built: the exit status says whether the module is
fresh (0) or not (1).
"""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``kernels`` sub-command."""
    p = subparsers.add_parser(
        "kernels",
        help="compile the kernels ahead of time (a run then starts without numba)",
        description="Build the extension module of the compiled kernels from their sources "
        "(a few minutes), unless it is fresh already.",
    )
    what = p.add_mutually_exclusive_group()  # --check builds nothing, so nothing to force
    what.add_argument("--force", action="store_true", help="build even if the module is fresh")
    what.add_argument("--check", action="store_true", help="only say whether it is fresh")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Build (or check) the ahead-of-time kernels."""
    from pokersim import aot

    if aot.fresh() and not args.force:
        print("the ahead-of-time kernels are fresh")
        return 0
    if args.check:
        print("the ahead-of-time kernels are absent or stale (`pokersim kernels` builds them)")
        return 1
    path = aot.build(workload, log=lambda line: print(line, file=sys.stderr))
    print(f"built {path.name}")
    return 0


EQUITY_ARGVS = (
    ["equity", "AhKh", "QsQd", "--board", "2c7d9h"],  # two hands, every board
    ["equity", "AhKh", "QsQd", "JcJd", "--board", "2c7d9h"],  # three
    ["equity", "AhKh", "QsQd", "--samples", "500"],  # two, boards drawn
    ["equity", "AhKh", "QsQd", "JcJd", "--samples", "500"],
)
"""``pokersim equity``'s four kernels (exact or sampled, heads-up or more), played quickly."""


def workload() -> None:
    """The calls a run makes: the built-in scenario plain, recorded, logged, in Python; a batch.

    And ``pokersim equity``'s (``EQUITY_ARGVS``) and the evaluator's (``_evaluator_calls``):
    without them each call compiled with numba.

    In Python: every decision asked of the models' Python (their post-flop estimate calls a
    kernel of its own); a batch: hands of random play played whole.
    """
    import contextlib
    import io
    import tempfile
    from pathlib import Path

    import numpy as np

    from pokersim.betting_kernel import play_batch
    from pokersim.cli import main as cli
    from pokersim.config import Level
    from pokersim.engine import run_tournament
    from pokersim.hand import play_hand
    from pokersim.players import RandomLegalModel
    from pokersim.rng import decision_block
    from pokersim.scenario import default_scenario_path, load_scenario

    with tempfile.TemporaryDirectory() as tmp:
        scenario = Path(tmp) / "small.toml"  # the built-in scenario at two tables: seconds
        text = default_scenario_path().read_text()
        scenario.write_text(text.replace("\ncount = 180\n", "\ncount = 18\n", 1))
        out = str(Path(tmp) / "out")
        # First, every decision asked of the models in Python (as a time-out's hand asks its
        # seats): their post-flop estimate calls a kernel that compiled play calls too, and a
        # kernel compiled first as another's callee is not compiled again for Python (nor seen)
        # (the engine's own ``play_hand`` passed as is would be played compiled, as by default)
        run_tournament(load_scenario(scenario), 1, hand_player=lambda *a, **k: play_hand(*a, **k))
        for argv in (
            ["run", str(scenario), "--seed", "1"],
            ["run", str(scenario), "--seed", "1", "--actions", "--hands", "both", "--out", out],
            *EQUITY_ARGVS,
        ):
            quiet = io.StringIO()
            with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
                code = cli(argv)
            if code:
                raise RuntimeError(f"pokersim {' '.join(argv)} failed ({code}): {quiet.getvalue()}")
        # a log of records (studies, series): each hand dealt by the director, compiled whole
        run_tournament(load_scenario(scenario), 1, emit=lambda event: None)
    _evaluator_calls()
    hands = 4
    uniforms, normals = decision_block(1, 0, 1, hands)
    stacks = np.full((hands, 6), 1000, dtype=np.int64)
    buttons = np.arange(hands) % 6
    models = [RandomLegalModel() for _ in range(6)]
    level = Level(small_blind=10, big_blind=20)
    play_batch(models, stacks, buttons, level, 1, 0, 0, uniforms, normals)


def _evaluator_calls() -> None:
    """The evaluator's calls: the README's first example, and rows of each size and type.

    ``pokersim.evaluate`` and ``evaluate_unchecked`` on rows of 5, 6 and 7 cards of each
    integer type the kernels take.
    """
    import numpy as np

    from pokersim.evaluator import evaluate, evaluate_unchecked

    evaluate("AsKsQsJsTs2c3d")
    for dtype in (np.int8, np.int16, np.int32, np.int64):
        for k in (5, 6, 7):
            rows = np.arange(2 * k, dtype=dtype).reshape(2, k)
            evaluate(rows)
            evaluate_unchecked(rows)
