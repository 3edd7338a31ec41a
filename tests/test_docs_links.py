"""Every relative link and image of the README and the docs names a file that exists.

A page quoted from another folder (a README paragraph kept in ``docs/``) keeps the links of the
folder it was written for, and a reader of the rendered page meets a broken image.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [
    ROOT / "README.md",
    ROOT / "scenarios" / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
]
# [text](target) and ![alt](target), the target up to a space, a closing parenthesis or a title
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _targets(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [t for t in LINK.findall(text) if not re.match(r"^[a-z]+:|^#", t)]


def test_the_link_pattern_finds_links_and_images() -> None:
    page = 'See [a](docs/a.md#part), ![b](img/b.png "B") and [c](https://example.org).'
    assert LINK.findall(page) == ["docs/a.md#part", "img/b.png", "https://example.org"]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page: Path) -> None:
    missing = [
        t for t in _targets(page) if not (page.parent / t.split("#", 1)[0]).resolve().exists()
    ]
    assert missing == [], f"{page.relative_to(ROOT)} links to missing files: {missing}"
