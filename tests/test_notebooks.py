"""The notebooks are stored without outputs and execute end to end with small parameters."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))
SMALL = "PLAYERS = 18\nRUNS = 3\nSEED = 1\nJOBS = 1\n"


def test_the_three_notebooks_of_the_issue_exist() -> None:
    names = {p.stem for p in NOTEBOOKS}
    assert {"blind_structure", "payout_study", "bounty_value"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_stored_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes(path: Path, tmp_path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    params = [c for c in nb.cells if "parameters" in c.metadata.get("tags", [])]
    assert len(params) == 1, "one cell tagged 'parameters'"
    params[0].source = SMALL
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    errors = [
        o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"
    ]
    assert not errors
    # the last cell shows a table (every notebook ends on a result, not on a side effect)
    last = [c for c in nb.cells if c.cell_type == "code"][-1]
    assert any(
        "text/html" in o.get("data", {}) or "text/plain" in o.get("data", {}) for o in last.outputs
    )
