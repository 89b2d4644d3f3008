"""Phones and tablets by touch (issue 24, part 1): at 390x844 and 844x390 (a phone, portrait and
landscape) and 820x1180 and 1180x820 (a tablet), with a touch screen:

- the plane's plot area is at least 85% of the phone's width, and its box holds no empty band;
- the first tap on the plane adds one point where it was tapped (not a tooltip);
- a lecture button, a slider and the plane answer a finger;
- metrics, buttons and select boxes show their whole text: nothing cut to "1…" and no word
  broken letter by letter;
- on a tablet the menu's close button is visible without a hover (in portrait the menu starts
  closed, tests/test_browser_phone_pages.py).

The 1280x720 desktop layout is covered by tests/test_browser_layout.py."""

import pytest
from support.browser import COUNT_RUNS, STILL, TO_PIXEL, goto, plane_ready, settle, wait_for_run_after

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SCREENS = {"phone": PHONE, "phone landscape": {"width": 844, "height": 390},
           "tablet": {"width": 820, "height": 1180}, "tablet landscape": {"width": 1180, "height": 820}}
PLANES = {"Playground": "playground_chart", "SVM_and_kernels": "svm_margin", "Decision_tree": "tree_plane"}
# the k slider's value (undefined, not an error, while a rerun redraws the slider)
K = "document.querySelector(\".st-key-p_knn_k input[type='range']\")?.value"
DRAWN = """() => { const pts = new URLSearchParams(location.search).get("pts");
  return pts ? pts.split(";").map(p => p.split(",").map(Number)) : []; }"""

# Text elements that show a cut text: an ellipsis where the text is wider than its box, or a
# word laid out on more than one line (broken letter by letter in a narrow box).
CUT = """() => {
  const found = [];
  const boxes = document.querySelectorAll("[data-testid='stMain'] [data-testid='stMetric'] *, "
    + "[data-testid='stMain'] .stButton button *, [data-testid='stMain'] .stCheckbox label *, "
    + "[data-testid='stMain'] .stSelectbox input");
  for (const el of boxes) {
    const text = (el.value || el.textContent).trim();   // (a switch's hidden 1 px input has none)
    if (!el.getClientRects().length || !text) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
      found.push(`cut: "${text}" ${el.scrollWidth} > ${el.clientWidth} px`);
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const re = /\\S+/g;
      let m;
      while ((m = re.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) found.push(`broken word: "${m[0]}" on ${lines.size} lines`);
      }
    }
  }
  return found;
}"""


@pytest.fixture(params=list(SCREENS))
def screen(request):
    return request.param


def touch_page(browser, size):
    context = browser.new_context(viewport=size, has_touch=True, is_mobile=size["width"] < 640)
    context.add_init_script(COUNT_RUNS)
    return context, context.new_page()


def open_plane(page, server, path, query=""):
    goto(page, f"{server}/{path}{query}")
    sel = f".st-key-{PLANES[path]} .js-plotly-plot"
    plane_ready(page, sel)
    return sel


@pytest.mark.parametrize("path", list(PLANES))
def test_the_plane_takes_the_phone_width(browser, server, path):
    context, page = touch_page(browser, PHONE)
    try:
        sel = open_plane(page, server, path)
        plot = page.evaluate("""(sel) => { const gd = document.querySelector(sel), fl = gd._fullLayout;
          const r = gd.getBoundingClientRect();
          return {width: fl.xaxis._length, height: fl.yaxis._length, top: fl.yaxis._offset, left: r.left,
                  right: r.right, box: r.height, used: fl._size.t + fl.yaxis._length + fl._size.b}; }""", sel)
        assert plot["width"] >= 0.85 * PHONE["width"], f"{path}: plot area {plot}"
        assert plot["left"] >= 0 and plot["right"] <= PHONE["width"], f"{path}: chart off the screen: {plot}"
        # no empty band: the figure's height is its margins and the plot, within a few pixels
        assert plot["box"] <= plot["used"] + 0.1 * plot["height"], f"{path}: an empty box around the plot: {plot}"
    finally:
        context.close()


def test_the_first_tap_on_the_plane_adds_a_point_where_it_was_tapped(browser, server, screen):
    """On the Playground's regions (whose hover a tap used to open instead), one tap, one point."""
    context, page = touch_page(browser, SCREENS[screen])
    try:
        sel = open_plane(page, server, "Playground", "?data=moons")
        spot = (0.5, 0.25)
        page.locator(sel).scroll_into_view_if_needed()
        assert page.evaluate(STILL, sel), "the chart kept moving for 15 s"
        runs = page.evaluate("() => window.__stRuns")
        x, y = page.evaluate(TO_PIXEL, [sel, *spot])
        assert 0 <= x <= SCREENS[screen]["width"] and 0 <= y <= SCREENS[screen]["height"], (x, y)
        page.touchscreen.tap(x, y)
        wait_for_run_after(page, runs, "a tap on the plane", until=f"() => ({DRAWN})().length > 0")
        page.wait_for_timeout(1000)  # a second point from the same tap would show by now
        settle(page)
        drawn = page.evaluate(DRAWN)
        assert len(drawn) == 1, f"{screen}: one tap gave {drawn}"
        # a pixel of a 250-700 px plane is at most ~0.03 data units; points are rounded to 0.001
        (px, py, c), = drawn
        assert abs(px - spot[0]) < 0.05 and abs(py - spot[1]) < 0.05 and c == 0, (drawn, spot)
    finally:
        context.close()


def test_a_lecture_button_and_a_slider_answer_a_finger(browser, server, screen):
    context, page = touch_page(browser, SCREENS[screen])
    try:
        open_plane(page, server, "Playground")
        slider = page.locator(".st-key-p_knn_k input[type='range']")
        one = "() => document.querySelectorAll(\".st-key-p_knn_k input[type='range']\").length === 1"
        page.wait_for_function(one, timeout=15_000)   # a rerun's old slider can linger a moment beside the new
        assert slider.input_value() == "5"
        button = page.locator(".st-key-preset_playground_1 button")   # "k = 15"
        button.scroll_into_view_if_needed()
        runs = page.evaluate("() => window.__stRuns")
        button.tap()
        wait_for_run_after(page, runs, "tapping the lecture step k = 15", until=f"() => {K} === '15'")
        # a tap on the slider's track, three quarters along, moves it there (k from 1 to 50)
        page.locator(".st-key-p_knn_k").scroll_into_view_if_needed()
        track = page.locator(".st-key-p_knn_k [role='group'] > [data-orientation='horizontal']").bounding_box()
        runs = page.evaluate("() => window.__stRuns")
        page.touchscreen.tap(track["x"] + 0.75 * track["width"], track["y"] + track["height"] / 2)
        wait_for_run_after(page, runs, "a tap on the k slider's track", until=f"() => {K} !== '15'")
        page.wait_for_function(one, timeout=15_000)
        value = int(slider.input_value())
        assert 30 <= value <= 45, f"{screen}: a tap at 3/4 of the track gave k = {value}"
    finally:
        context.close()


@pytest.mark.parametrize("path", list(PLANES))
def test_no_label_is_cut(browser, server, screen, path):
    """With the menu as the page opens (docked on a tablet), nothing in the page is cut."""
    context, page = touch_page(browser, SCREENS[screen])
    try:
        open_plane(page, server, path)
        assert page.evaluate(CUT) == [], f"{path} at {screen}"
    finally:
        context.close()


@pytest.mark.parametrize("size", [SCREENS["tablet"], SCREENS["tablet landscape"]])
def test_the_tablet_menu_shows_its_close_button(browser, server, size):
    context, page = touch_page(browser, size)
    try:
        goto(page, f"{server}/Playground")
        if size["width"] <= 1024:   # a portrait tablet's menu starts closed (ui/core/navigation.js): open it
            page.locator("[data-testid='stExpandSidebarButton']").first.tap()
            page.wait_for_function("document.querySelector(\"[data-testid='stSidebar']\")"
                                   ".getBoundingClientRect().right > 0", timeout=10_000)
        close = page.locator("[data-testid='stSidebarCollapseButton'] button")
        # the menu slides in; its close button shows once the slide has ended, so wait, then check
        close.wait_for(state="visible", timeout=10_000)
        page.wait_for_function(
            "getComputedStyle(document.querySelector(\"[data-testid='stSidebarCollapseButton']\")).visibility"
            " === 'visible'", timeout=10_000)
        close.tap()
        page.wait_for_function(
            "document.querySelector(\"[data-testid='stSidebar']\").getBoundingClientRect().right <= 0", timeout=10_000)
    finally:
        context.close()
