"""Every regression case in ``scenarios/rules/`` passes, and every rule of RULES.md has one.

Each case file is one pytest case, checked through ``pokersim.verify`` exactly as
``pokersim verify scenarios/rules`` does.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokersim.verify import check_case, load_case

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = ROOT / "scenarios" / "rules"
CASES = sorted(RULES_DIR.glob("*.toml"))
_RULE_LINE = re.compile(r"^- \*\*(R-[A-Z]+-\d+)\*\*", re.MULTILINE)
# Rules of formats beyond RULES.md (Spin & Go, ...) are defined on docs/formats.md the same way.
FORMATS_PAGE = ROOT / "docs" / "formats.md"
_FORMAT_RULE_LINE = re.compile(r"^- \*\*(F-[A-Z]+-\d+)\*\*", re.MULTILINE)
_CASE_ID = re.compile(r"([RF]-[A-Z]+-\d+)(?:-|\.toml$)")

# Rule IDs without a case yet because the engine does not simulate the feature (or the case is
# still to be written). One place, on purpose: a gap that gets a file must leave this list.
# Empty: every rule ID of RULES.md has its case (a new ID without one goes here until it does).
KNOWN_GAPS: frozenset[str] = frozenset()


def rule_ids() -> list[str]:
    """The rule IDs defined in RULES.md (the shared copy next to the repository if present)."""
    shared = ROOT.parent / "shared" / "RULES.md"
    if shared.is_file():
        return _RULE_LINE.findall(shared.read_text(encoding="utf-8"))
    listed = (RULES_DIR / "RULE_IDS.txt").read_text(encoding="utf-8").split()
    return listed


def covered() -> set[str]:
    """Rule IDs that name at least one case file (``R-KO-2-seed-example.toml`` covers R-KO-2)."""
    out: set[str] = set()
    for path in CASES:
        m = re.match(r"(R-[A-Z]+-\d+)(?:-|\.toml$)", path.name)
        if m:
            out.add(m.group(1))
    return out


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_rule_case_passes(path: Path) -> None:
    """The case's outcome meets every line of its [expect] table."""
    result = check_case(load_case(path))
    assert result.passed, "\n".join(str(f) for f in result.failures)


def test_every_rule_id_has_a_case_or_is_a_known_gap() -> None:
    """Coverage by file name: each RULES.md ID has a case, except the listed known gaps."""
    ids = rule_ids()
    assert len(ids) >= 40, ids
    missing = sorted(set(ids) - covered() - KNOWN_GAPS)
    assert not missing, f"rule IDs without a case in scenarios/rules/: {missing}"


def test_known_gaps_are_still_gaps() -> None:
    """A known gap that got a case file must be taken off KNOWN_GAPS (the list only shrinks)."""
    closed = sorted(KNOWN_GAPS & covered())
    assert not closed, f"these now have cases; remove them from KNOWN_GAPS: {closed}"
    unknown = sorted(KNOWN_GAPS - set(rule_ids()))
    assert not unknown, f"KNOWN_GAPS names IDs that RULES.md does not define: {unknown}"


def format_rule_ids() -> list[str]:
    """The format rule IDs defined on docs/formats.md (``- **F-SPIN-1** ...``)."""
    return _FORMAT_RULE_LINE.findall(FORMATS_PAGE.read_text(encoding="utf-8"))


def test_every_case_is_named_after_a_defined_rule() -> None:
    """A case's name starts with an ID of RULES.md or of docs/formats.md (no stray names)."""
    defined = set(rule_ids()) | set(format_rule_ids())
    stray = []
    for path in CASES:
        m = _CASE_ID.match(path.name)
        if not m or m.group(1) not in defined:
            stray.append(path.name)
    assert not stray, f"cases not named after a rule of RULES.md or docs/formats.md: {stray}"


def test_every_format_rule_has_a_case() -> None:
    """Each F- ID of docs/formats.md has a case file named after it (no known gaps there)."""
    ids = format_rule_ids()
    assert ids, "docs/formats.md defines no format rule IDs"
    named = {m.group(1) for p in CASES if (m := _CASE_ID.match(p.name))}
    missing = sorted(set(ids) - named)
    assert not missing, f"format rule IDs without a case in scenarios/rules/: {missing}"


def test_checked_in_rule_list_matches_rules_md() -> None:
    """The fallback list is the same as RULES.md when RULES.md is there to compare."""
    shared = ROOT.parent / "shared" / "RULES.md"
    if not shared.is_file():
        pytest.skip("RULES.md is not next to the repository")
    listed = (RULES_DIR / "RULE_IDS.txt").read_text(encoding="utf-8").split()
    assert listed == rule_ids()
