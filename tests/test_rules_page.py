"""``docs/rules.md`` defines every rule ID the cases and the tests use, and its links hold."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rules.md"
RULES_DIR = ROOT / "scenarios" / "rules"
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")
TEST_NAME_ID = re.compile(r"^test_(r_[a-z]+_\d+)(?:_|$)", re.IGNORECASE)


def page_sections() -> dict[str, str]:
    """Each rule ID on the page with the text of its section."""
    text = PAGE.read_text(encoding="utf-8")
    parts = re.split(r"^### (R-[A-Z]+-\d+)\s*$", text, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1].split("\n## ")[0] for i in range(1, len(parts), 2)}


def case_ids() -> dict[str, str]:
    """Case file name -> the rule ID it is named after."""
    out = {}
    for path in sorted(RULES_DIR.glob("*.toml")):
        m = re.match(r"(R-[A-Z]+-\d+)(?:-|\.toml$)", path.name)
        if m:
            out[path.name] = m.group(1)
    return out


def ids_in_tests() -> dict[str, set[str]]:
    """Rule IDs named by test functions and cited in the tests' docstrings, by file."""
    used: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        ids: set[str] = set()
        for node in [tree, *ast.walk(tree)]:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                m = TEST_NAME_ID.match(node.name)
                if m:
                    ids.add(m.group(1).upper().replace("_", "-"))
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                ids.update(RULE_ID.findall(ast.get_docstring(node) or ""))
        if ids:
            used[path.name] = ids
    return used


def test_every_case_file_rule_is_on_the_page() -> None:
    sections = page_sections()
    missing = sorted({rid for rid in case_ids().values() if rid not in sections})
    assert not missing, f"rule IDs of scenarios/rules/ files missing from docs/rules.md: {missing}"


def test_every_rule_id_in_the_tests_is_on_the_page() -> None:
    sections = page_sections()
    missing = {
        name: sorted(ids - set(sections))
        for name, ids in ids_in_tests().items()
        if ids - set(sections)
    }
    assert not missing, f"rule IDs used in tests but not on docs/rules.md: {missing}"
    assert len(ids_in_tests()) > 5  # the scan does find the rule tests


def test_the_checked_in_rule_list_is_on_the_page() -> None:
    listed = (RULES_DIR / "RULE_IDS.txt").read_text(encoding="utf-8").split()
    assert not sorted(set(listed) - set(page_sections()))


def test_each_case_is_listed_under_its_rule_and_exists() -> None:
    sections = page_sections()
    for name, rid in case_ids().items():
        assert f"scenarios/rules/{name}" in sections[rid], f"{name} is not listed under {rid}"
    for rid, text in sections.items():
        for name in re.findall(r"scenarios/rules/([^)`\s]+\.toml)", text):
            assert (RULES_DIR / name).is_file(), f"{rid} lists a missing case {name}"
            assert case_ids()[name] == rid, f"{rid} lists {name}, a case of another rule"


def test_every_rule_names_its_logic_or_says_it_is_not_simulated() -> None:
    for rid, text in page_sections().items():
        assert "- Logic: " in text or "**Not simulated yet**" in text, rid
        assert "Cases: " in text, rid
        for module in re.findall(r"`(pokersim/[\w/]+\.py)`", text):
            assert (ROOT / module).is_file(), f"{rid} names {module}, which does not exist"
