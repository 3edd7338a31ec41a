"""docs/scenario.schema.json: generated from the loader's keys; every shipped scenario fits."""

from __future__ import annotations

import tomllib
from pathlib import Path

import jsonschema
import pytest

from pokersim.schema import scenario_schema, schema_text

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "docs" / "scenario.schema.json"
FILES = sorted((ROOT / "scenarios").glob("*.toml"))


def test_checked_in_schema_is_the_generated_one() -> None:
    assert SCHEMA.read_text(encoding="utf-8") == schema_text(), (
        "regenerate with `python -m pokersim.schema > docs/scenario.schema.json`"
    )


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_shipped_scenarios_validate(path: Path) -> None:
    jsonschema.Draft202012Validator.check_schema(scenario_schema())
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(data, scenario_schema(), cls=jsonschema.Draft202012Validator)


def test_schema_rejects_an_unknown_key() -> None:
    data = tomllib.loads(FILES[0].read_text(encoding="utf-8"))
    data["levels"][0]["minuets"] = 5
    with pytest.raises(jsonschema.ValidationError, match="minuets"):
        jsonschema.validate(data, scenario_schema(), cls=jsonschema.Draft202012Validator)
