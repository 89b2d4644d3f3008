"""The Perceptron page in headless Chromium: stepping moves the drawn line to the weights the
perceptron recorded, and the link reopens that step."""

import numpy as np
import pytest
from support.browser import SHOTS, assert_no_errors, finished_runs, goto, wait_for_run_after

from mlcore.datasets import make_dataset
from mlcore.linear_model import Perceptron, PerceptronReplay

pytestmark = pytest.mark.browser

QUERY = "?source=separable&gap=0.3&sep_n=60&sep_seed=3"
# The boundary trace's two end points as plotly holds them in the page.
LINE = """() => {
  const gd = document.querySelector(".st-key-pc_main .js-plotly-plot");
  const t = gd && gd._fullData && gd._fullData.find(d => d.name === "boundary w·x + b = 0");
  if (!t || t.x == null || t.x[0] == null) return null;
  return [[t.x[0], t.y[0]], [t.x[1], t.y[1]]];
}"""


def recorded_replay():
    """The same perceptron as the page's (its data, settings and seed), fitted here with mlcore."""
    X, y = make_dataset("linear", n=60, noise=0.0, margin=0.3, seed=3)
    model = Perceptron(max_iter=20, eta0=1.0, pocket=True, shuffle=True, random_state=0).fit(
        X, np.where(y == 1, 1.0, -1.0))
    return PerceptronReplay(model.history_[0])


def line_now(page):
    return np.array(page.evaluate(LINE), dtype=float)


def assert_on_line(points, w, b):
    assert points.shape == (2, 2) and np.linalg.norm(points[0] - points[1]) > 0.5
    # Coordinates travel as float64 from (w, b): on the line up to rounding.
    np.testing.assert_allclose(points @ w + b, 0.0, atol=1e-9 * (3 * np.abs(w).sum() + abs(b)))


def click(page, key, what, until):
    runs = finished_runs(page)
    page.locator(f".st-key-{key} button").first.click()  # a button with help: two nested matches
    wait_for_run_after(page, runs, what, until=until)
    page.wait_for_function(until, timeout=30_000)


def test_stepping_moves_the_line_to_the_recorded_weights(page, server):
    replay = recorded_replay()
    goto(page, f"{server}/Perceptron{QUERY}")
    page.wait_for_selector(".st-key-pc_main .js-plotly-plot", timeout=60_000)
    assert page.evaluate(LINE) is None  # step 0: w = 0, no line yet
    first = replay.next_mistake(0)
    click(page, "pc_next_mistake", "next mistake",
          f"() => ({LINE})() !== null && location.search.includes('step={first}')")
    assert_on_line(line_now(page), *replay.weights(first))
    second = replay.next_mistake(first)
    before = line_now(page)
    click(page, "pc_next_mistake", "next mistake again",
          f"() => location.search.includes('step={second}') && JSON.stringify(({LINE})()) !== '{before.tolist()}'")
    after = line_now(page)
    assert not np.allclose(after, before)
    assert_on_line(after, *replay.weights(second))
    click(page, "pc_next", "step", f"() => location.search.includes('step={second + 1}')")
    assert_on_line(line_now(page), *replay.weights(second + 1))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "perceptron_step.png"))
    assert_no_errors(page, "the Perceptron page after stepping")
    # The address bar holds the step: opening it again shows the same line.
    url = page.url
    goto(page, url)
    page.wait_for_function(f"() => ({LINE})() !== null", timeout=60_000)
    assert_on_line(line_now(page), *replay.weights(second + 1))
