"""docs/ARCHITECTURE.md says where every rule lives, and the modules it names exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROW = re.compile(r"^\| (R-[A-Z]+-\d+) \| (.*?) \| (.*?) \|$", re.MULTILINE)


def _rows() -> dict[str, tuple[str, str]]:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return {m.group(1): (m.group(2), m.group(3)) for m in ROW.finditer(text)}


def test_every_rule_of_the_rules_page_has_a_row() -> None:
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    ids = re.findall(r"^### (R-[A-Z]+-\d+)$", page, re.MULTILINE)
    assert len(ids) >= 40
    assert sorted(_rows()) == sorted(ids)


def test_every_module_named_exists() -> None:
    missing = []
    for rule, cells in _rows().items():
        for name in re.findall(r"`([a-z_/]+\.py)`", " ".join(cells)):
            if not (ROOT / "pokersim" / name).is_file():
                missing.append(f"{rule}: pokersim/{name}")
    assert not missing, missing
