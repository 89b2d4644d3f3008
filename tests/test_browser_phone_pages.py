"""Every page's main chart on a phone (390x844) and every model page's on a portrait tablet
(820x1180), touch emulated (issue 24, part 1): the menu is closed once the page has loaded, and
the main chart takes the screen's width:

- on the phone its plot area (the union of its subplots' drag areas) is at least 84% of the
  screen's width, inside the screen (the page's padding and plotly's margins leave 331-340 px of
  390; the pages before the fix drew 166-278 px);
- an equal-aspect plane's box holds no empty band around the plot (its height is its margins and
  its plot); on the tablet the plot takes the width its column leaves it.

tests/test_browser_touch.py taps, slides and reads labels on three planes at four sizes; this
checks the width on every page. One browser context per screen size, reused by its pages."""

import pytest
from support.browser import COUNT_RUNS, MAIN_CHART, STILL, goto, settle

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
WIDTH_SHARE = 0.84   # Place the line's plane measured 331 px once and 332 px the next run: not 0.85
TABLET = {"width": 820, "height": 1180}
MODEL_PAGES = ("Playground", "SVM_and_kernels", "Decision_tree", "ID3_on_a_table", "Ensembles", "Perceptron",
               "Neural_network", "Multi-class")

# The main chart as the screen shows it: the span of its plot areas (plotly's drag rectangles,
# one per subplot), its box, the height its margins and plot need, whether it is an equal-aspect
# plane, and whether the menu is open.
MEASURE = """(key) => {
  const box = document.querySelector(".st-key-" + key), gd = box.querySelector(".js-plotly-plot");
  const fl = gd._fullLayout, areas = [...gd.querySelectorAll(".nsewdrag")].map(e => e.getBoundingClientRect());
  const left = Math.min(...areas.map(a => a.left)), right = Math.max(...areas.map(a => a.right));
  const top = Math.min(...areas.map(a => a.top)), bottom = Math.max(...areas.map(a => a.bottom));
  const b = box.getBoundingClientRect(), menu = document.querySelector("[data-testid='stSidebar']");
  return {plot: right - left, plotHeight: bottom - top, plotLeft: left, plotRight: right, box: b.height,
          used: fl._size.t + (bottom - top) + fl._size.b, plane: !!(fl.yaxis && fl.yaxis.scaleanchor),
          menu: menu.getBoundingClientRect().right > 0}; }"""


def screen_page(browser, size):
    context = browser.new_context(viewport=size, has_touch=True, is_mobile=size["width"] < 640)
    context.add_init_script(COUNT_RUNS)
    return context, context.new_page()


@pytest.fixture(scope="module")
def phone(browser):
    context, page = screen_page(browser, PHONE)
    yield page
    context.close()


@pytest.fixture(scope="module")
def tablet(browser):
    context, page = screen_page(browser, TABLET)
    yield page
    context.close()


def measure(page, server, path):
    """Open ``path`` (a new document: the menu as a first visit leaves it) and measure its main
    chart once it holds still."""
    goto(page, f"{server}/{path}")
    sel = f".st-key-{MAIN_CHART[path]} .js-plotly-plot"
    page.wait_for_selector(f"{sel} .nsewdrag", timeout=60_000)
    settle(page)
    assert page.evaluate(STILL, sel), f"{path}: the chart kept moving for 15 s"
    page.wait_for_timeout(300)   # a fit after the last draw: one frame, then plotly's redraw
    settle(page)
    return page.evaluate(MEASURE, MAIN_CHART[path])


def no_empty_band(chart) -> bool:
    """The box is as tall as its margins and plot, within a tenth of the plot's height."""
    return chart["box"] <= chart["used"] + 0.1 * chart["plotHeight"]


@pytest.mark.parametrize("path", list(MAIN_CHART))
def test_the_main_chart_takes_the_phone_width(phone, server, path):
    chart = measure(phone, server, path)
    if chart["plot"] < WIDTH_SHARE * PHONE["width"]:
        # a loaded machine (CI runs the unit tests beside): the phone's fit (small_screens.js) can
        # land after the chart held still for STILL's looks; the end state is what is asserted
        phone.wait_for_timeout(3000)
        settle(phone)
        chart = phone.evaluate(MEASURE, MAIN_CHART[path])
    assert not chart["menu"], f"{path}: the menu is open on the phone after load"
    assert chart["plot"] >= WIDTH_SHARE * PHONE["width"], f"{path}: plot area {chart['plot']:.0f} px of 390: {chart}"
    assert chart["plotLeft"] >= 0 and chart["plotRight"] <= PHONE["width"], f"{path}: plot off the screen: {chart}"
    if chart["plane"]:
        assert no_empty_band(chart), f"{path}: an empty box around the plane: {chart}"


@pytest.mark.parametrize("path", MODEL_PAGES)
def test_the_model_pages_fill_a_portrait_tablet(tablet, server, path):
    """With the menu closed the page has 752 of the 820 px; a plane shares them with its controls
    beside it (on a line of its own it went below the first screen), so its plot takes 339-454 px
    (40% of the screen is the floor). With the menu docked over the page it took 200-230 px."""
    chart = measure(tablet, server, path)
    assert not chart["menu"], f"{path}: the menu is docked over a portrait tablet after load"
    assert chart["plot"] >= 0.4 * TABLET["width"], f"{path}: plot area {chart['plot']:.0f} px of 820: {chart}"
    assert chart["plotRight"] <= TABLET["width"], f"{path}: plot off the screen: {chart}"
    if chart["plane"]:
        assert no_empty_band(chart), f"{path}: an empty box around the plane: {chart}"
