"""report.html: the structure sheet, the plot API, a self-contained page that a browser renders.

The browser test opens the page in headless Chromium (Debian's ``chromium`` package) with a
small script injected first in ``<head>``: it records every error (script errors, failed
resource loads, ``console.error``) and, once the page has loaded, writes into the DOM how many
images there are and how many failed to load. ``--dump-dom`` prints that DOM; Chromium's own
log (``CONSOLE`` lines on stderr) is checked for errors too.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import matplotlib
import pandas as pd
import pytest

from pokersim import report, study
from pokersim.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FAKE = "test_study_fakes:fake_runner"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--virtual-time-budget=10000",
    "--enable-logging=stderr",
    "--v=0",
)
_PROBE = """<script>
window.__errors = [];
window.addEventListener("error", function (e) {
  var what = e.message || (e.target && (e.target.src || e.target.href)) || "error";
  window.__errors.push(String(what).slice(0, 200));
}, true);
var __consoleError = console.error;
console.error = function () {
  window.__errors.push(Array.prototype.join.call(arguments, " "));
  __consoleError.apply(console, arguments);
};
window.addEventListener("load", function () {
  var images = Array.prototype.slice.call(document.images);
  var broken = images.filter(function (i) { return !(i.complete && i.naturalWidth > 0); });
  var out = document.createElement("pre");
  out.id = "render-check";
  out.textContent = JSON.stringify({
    images: images.length,
    broken: broken.length,
    errors: window.__errors,
    tables: document.querySelectorAll("table").length,
    title: document.title
  });
  document.body.appendChild(out);
});
</script>"""


def make_study(tmp_path: Path, runs: int = 12) -> study.StudyResult:
    tmp_path.mkdir(parents=True, exist_ok=True)
    sc = tmp_path / "fake.toml"
    sc.write_text("players = 9\nbounty_cents = 100\n")
    return study.run_study(
        sc, runs=runs, seed=3, out=tmp_path / "o", jobs=1, runner=FAKE, progress=False
    )


def test_structure_sheet_by_hand() -> None:
    """sng_9max: 10-minute levels from 20:00, no breaks. Two runs: one ends at 15:00."""
    sc = load_scenario(SCENARIOS / "sng_9max.toml")
    runs = pd.DataFrame({"run": [0, 1], "duration_seconds": [900, 1500], "scenario": ["s", "s"]})
    timeline = pd.DataFrame(
        {
            "run": [0, 0, 0, 1, 1, 1, 1],
            "seconds": [0, 600, 900, 0, 600, 1200, 1500],
            "players_left": [9, 6, 2, 9, 8, 4, 2],
            "avg_stack_bb": [75.0, 40.0, 90.0, 75.0, 30.0, 25.0, 50.0],
        }
    )
    sheet = report.structure_sheet(timeline, runs, sc)
    assert list(sheet["level"]) == [1, 2, 3]
    assert list(sheet["clock"]) == ["20:00", "20:10", "20:20"]
    assert list(sheet["elapsed"]) == ["0:00", "0:10", "0:20"]
    assert list(sheet["blinds"]) == [f"{lv.small_blind}/{lv.big_blind}" for lv in sc.levels[:3]]
    assert list(sheet["running"]) == [1.0, 1.0, 0.5]
    assert list(sheet["players_median"]) == [9.0, 7.0, 4.0]
    assert sheet.loc[1, "avg_bb_p50"] == pytest.approx(35.0)
    assert sheet.loc[2, "avg_bb_p10"] == sheet.loc[2, "avg_bb_p90"] == 25.0


def test_plot_helpers_return_figures_draw_into_given_axes_and_keep_the_backend(
    tmp_path: Path,
) -> None:
    from matplotlib.figure import Figure

    res = make_study(tmp_path)
    before = matplotlib.rcParams["backend"]
    fig = report.plot_places(res.finishes)
    assert isinstance(fig, Figure)
    assert not list(tmp_path.glob("*.png"))  # no path: nothing written
    mine = Figure()
    axes = mine.subplots(1, 2)
    out = report.plot_roi_itm(report.group_stats(res.finishes), ax=axes)
    assert out is mine and axes[0].get_xlabel().startswith("ROI")
    target = tmp_path / "bands.png"
    marks = report.time_marks(res.runs)
    assert isinstance(report.plot_time_bands(res.timeline, target, marks=marks), Figure)
    assert target.read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="2 panels"):
        report.plot_time_bands(res.timeline, ax=Figure().subplots())
    assert report.plot_icm(pd.DataFrame()) is None
    assert matplotlib.rcParams["backend"] == before


def test_report_html_is_self_contained(tmp_path: Path) -> None:
    res = make_study(tmp_path)
    sc = load_scenario(SCENARIOS / "sng_9max.toml")
    report.write_report(res, scenario=sc)
    page = (tmp_path / "o" / "report.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "<h2>Structure sheet</h2>" in page
    sources = re.findall(r'<img src="([^"]+)"', page)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)
    assert len(sources) == (tmp_path / "o" / "report.md").read_text().count("![")
    assert not re.search(r"(?:src|href)=\"(?:https?:|file:|//)", page)
    assert "<script" not in page


def _render(page: Path, tmp_path: Path) -> tuple[dict[str, object], str]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    probe = tmp_path / "probe.html"
    probe.write_text(
        page.read_text(encoding="utf-8").replace("<head>", "<head>\n" + _PROBE, 1),
        encoding="utf-8",
    )
    profile = tmp_path / "chromium-profile"
    done = subprocess.run(
        [
            str(CHROMIUM),
            *CHROMIUM_FLAGS,
            f"--user-data-dir={profile}",
            "--dump-dom",
            probe.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = re.search(r'<pre id="render-check">(.*?)</pre>', done.stdout, re.S)
    assert found, "the page never finished loading:\n" + done.stderr[-2000:]
    text = found.group(1).replace("&quot;", '"').replace("&amp;", "&")
    return json.loads(text), done.stderr


@pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="headless Chromium not installed (/usr/bin/chromium): apt-get install -y chromium",
)
def test_report_html_renders_in_chromium_with_every_image(tmp_path: Path) -> None:
    res = make_study(tmp_path)
    sc = load_scenario(SCENARIOS / "sng_9max.toml")
    report.write_report(res, scenario=sc)
    result, log = _render(tmp_path / "o" / "report.html", tmp_path)
    assert result["errors"] == []
    assert result["images"] >= 5 and result["broken"] == 0
    assert result["tables"] >= 3
    assert str(result["title"]).startswith("Study report")
    consoles = [x for x in log.splitlines() if "CONSOLE" in x]
    assert not consoles, consoles


@pytest.mark.skipif(not CHROMIUM.exists(), reason="headless Chromium not installed")
def test_the_render_check_sees_a_broken_image(tmp_path: Path) -> None:
    """The check itself works: a page with a missing image fails it."""
    page = tmp_path / "broken.html"
    page.write_text(
        '<!DOCTYPE html><html><head><title>t</title></head><body><img src="missing.png">'
        "</body></html>",
        encoding="utf-8",
    )
    result, _ = _render(page, tmp_path)
    assert result["images"] == 1 and result["broken"] == 1 and result["errors"]


def test_run_report_and_design_check_pages(tmp_path: Path) -> None:
    """`pokersim run --report` and `pokersim design --check --html` write self-contained pages."""
    from pokersim.cli import main

    sng = str(SCENARIOS / "sng_9max.toml")
    assert main(["run", sng, "--seed", "2", "--out", str(tmp_path / "r"), "--report"]) == 0
    page = (tmp_path / "r" / "report.html").read_text(encoding="utf-8")
    assert "<h1>Run report: 9-max sit-and-go</h1>" in page
    assert "<h2>Structure sheet</h2>" in page and "One run (seed 2)" in page
    check = tmp_path / "d" / "check.html"
    argv = ["design", "--check", sng, "--runs", "2", "--jobs", "1", "--target-hours", "1"]
    assert main([*argv, "--html", str(check)]) == 0
    page = check.read_text(encoding="utf-8")
    assert "<h1>Design check: 9-max sit-and-go</h1>" in page
    assert "median is" in page and page.count('<img src="data:image/png;base64,') == 2
    if CHROMIUM.exists():
        for path in (tmp_path / "r" / "report.html", check):
            result, _ = _render(path, tmp_path / path.stem)
            assert result["errors"] == [] and result["broken"] == 0 and result["images"] >= 2
    assert main(["design", "--html", str(tmp_path / "x.html"), "--runs", "1"]) == 2


def test_comparison_writes_a_self_contained_page(tmp_path: Path) -> None:
    a = make_study(tmp_path / "a")
    b = make_study(tmp_path / "b")
    path = report.write_comparison(a, b, tmp_path / "cmp", labels=("A", "B"))
    page = path.with_suffix(".html").read_text(encoding="utf-8")
    assert "<h1>Comparison: A = A, B = B</h1>" in page
    sources = re.findall(r'<img src="([^"]+)"', page)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)


def test_report_cli_marks_a_target_duration(tmp_path: Path) -> None:
    from pokersim.cli import main

    res = make_study(tmp_path)
    assert main(["report", str(res.path), "--target-hours", "0.5"]) == 0
    text = (res.path / "report.md").read_text(encoding="utf-8")
    assert "Target duration 0:30: the median run lasts " in text
    assert main(["report", str(res.path), "--target-hours", "0"]) == 2
