"""The real app under `streamlit run`, driven in headless Chromium by Playwright.

No timing here: benchmarks/bench_browser.py measures slider step -> redrawn chart."""

import re

import pytest
from support.browser import (
    CHART,
    CLASS_TRACES,
    SHOTS,
    Z_PRINT,
    PlaywrightTimeout,
    assert_no_errors,
    click_playground,
    finished_runs,
    goto,
    link_of,
    new_page,
    open_playground,
    serve,
    settle,
    step_slider,
    wait_for_run_after,
)

pytestmark = pytest.mark.browser


def test_every_page_loads(page, server):
    goto(page, server)
    assert_no_errors(page, "the landing page")
    links = page.locator("[data-testid='stSidebarNavLink']")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert len(hrefs) >= 2
    for href in hrefs:
        goto(page, href if href.startswith("http") else server + href)
        assert_no_errors(page, href)


MENU = [("Home", ""), ("Playground", "Playground"), ("SVM and kernels", "SVM_and_kernels"),
        ("Decision tree", "Decision_tree"), ("ID3 on a table", "ID3_on_a_table"), ("Ensembles", "Ensembles")]
HEADINGS = {"Home": "Classifier Playground", "SVM and kernels": "SVM and kernels"}


def test_menu_labels_from_a_fresh_server_and_every_menu_click(browser):
    """The menu reads Home + the five pages even when a page, not the root, is a new server's
    first request (a pages/ folder makes Streamlit start without the router), and a click on
    each entry renders that page."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with serve() as url:
        page = new_page(browser)
        try:
            goto(page, f"{url}/Decision_tree")
            page.wait_for_selector("[data-testid='stSidebarNavLink']", timeout=60_000)
            settle(page)  # the menu appears after the router's own rerun: let that run end too
            links = page.locator("[data-testid='stSidebarNavLink']")
            got = [(links.nth(i).inner_text().strip(), (links.nth(i).get_attribute("href") or "").split(url)[-1])
                   for i in range(links.count())]
            # The old entries keep their place; pages added since follow them (the count is not fixed).
            assert got[:len(MENU)] == [(label, f"/{path}") for label, path in MENU]
            # The legacy run ends with a rerun through the router, whose page config sets the full
            # title: settle() can return between the two runs, so wait for the title itself.
            title = "Decision tree · Classifier Playground"
            try:
                page.wait_for_function("(t) => document.title === t", arg=title, timeout=30_000)
            except PlaywrightTimeout as err:
                raise AssertionError(f"the tab reads {page.title()!r}, not {title!r}") from err
            for label, path in [*MENU[1:], MENU[0]]:
                runs = finished_runs(page)
                page.locator("[data-testid='stSidebarNavLink']", has_text=re.compile(f"^{label}$")).click()
                # the page's own settings may follow in a query (the shared dataset: a first page opens on moons)
                page.wait_for_url(lambda u, path=path: u.split("?")[0] == f"{url}/{path}", timeout=30_000)
                shown = ("() => document.querySelector('.st-key-playground_chart .js-plotly-plot')"
                         if label == "Playground"
                         else f"() => document.querySelector('h1')?.innerText === {HEADINGS.get(label, label)!r}")
                wait_for_run_after(page, runs, f"a click on {label} in the menu", until=shown)
                assert_no_errors(page, label)
                if label == "Playground":  # no title: the chart is the page
                    page.wait_for_selector(CHART, timeout=60_000)
                else:
                    heading = HEADINGS.get(label, label)
                    try:
                        page.wait_for_function("(h) => document.querySelector('h1')?.innerText === h",
                                               arg=heading, timeout=30_000)
                    except PlaywrightTimeout as err:
                        shown = page.evaluate("() => document.querySelector('h1')?.innerText ?? null")
                        raise AssertionError(f"menu entry {label} shows the heading {shown!r}, "
                                             f"not {heading!r}") from err
                page.screenshot(path=str(SHOTS / f"menu_{path or 'home'}.png"))
        finally:
            page.close()


def test_slider_redraws_the_chart(page, server):
    open_playground(page, server)
    before = page.evaluate(Z_PRINT)
    step_slider(page, "p_knn_k", 6)
    page.wait_for_url(re.compile(r"[?&]k=11(&|$)"), timeout=30_000)
    settle(page)
    page.wait_for_function(f"({Z_PRINT})() !== null", timeout=30_000)
    assert page.evaluate(Z_PRINT) != before
    assert_no_errors(page, "the playground after moving k")


def test_two_and_five_classes(page, server):
    SHOTS.mkdir(parents=True, exist_ok=True)
    open_playground(page, server, "?data=moons")
    assert len(page.evaluate(CLASS_TRACES)) == 2
    page.screenshot(path=str(SHOTS / "playground_2_classes.png"))
    open_playground(page, server, "?classes=5")
    counts = page.evaluate(CLASS_TRACES)
    assert len(counts) == 5 and all(c > 0 for c in counts)
    page.screenshot(path=str(SHOTS / "playground_5_classes.png"))
    assert_no_errors(page, "the playground with 5 classes")


def test_clicking_the_plot_adds_a_point_and_undo_removes_it(page, server):
    open_playground(page, server)
    before = page.evaluate(CLASS_TRACES)
    first_added = f"() => ({CLASS_TRACES})()[0] === {before[0] + 1}"
    second_added = f"() => ({CLASS_TRACES})()[1] === {before[1] + 1}"
    runs = finished_runs(page)
    click_playground(page, 1.0, -2.0)
    page.wait_for_function("() => location.search.includes('pts=')", timeout=30_000)
    wait_for_run_after(page, runs, "a click on the plot", until=first_added)
    page.wait_for_function(first_added, timeout=30_000)
    assert "pts=1%2C-2%2C0" in link_of(page, "pts=1%2C-2%2C0")  # exactly the clicked data coordinate, class 0
    # a second point of class 1, chosen in the sidebar
    runs = finished_runs(page)
    page.locator(".st-key-draw_class button", has_text="1 orange").click()
    wait_for_run_after(page, runs, "choosing class 1",
                       until="() => document.querySelector(\".st-key-draw_class [aria-checked='true']\")"
                             "?.innerText.includes('1')")
    runs = finished_runs(page)
    click_playground(page, -2.0, 2.0)
    wait_for_run_after(page, runs, "a second click on the plot", until=second_added)
    page.wait_for_function(second_added, timeout=30_000)
    runs = finished_runs(page)
    page.locator(".st-key-draw_undo").get_by_role("button", name="Undo").click()
    undone = f"() => ({CLASS_TRACES})()[1] === {before[1]}"
    wait_for_run_after(page, runs, "Undo", until=undone)
    page.wait_for_function(undone, timeout=30_000)
    assert page.evaluate(CLASS_TRACES)[0] == before[0] + 1
    assert_no_errors(page, "the playground after drawing")
