"""In the real browser, a step of a Playground setting reruns the model's part of the page alone
(a fragment), and the link still holds every setting: the dataset's, drawn by the page's full
run, and the model's, as the part draws them now (a setting the part no longer draws leaves it).
AppTest cannot see this: it runs a fragment only inside a full run."""

from urllib.parse import parse_qs, urlsplit

import pytest
from support.browser import assert_no_errors, link_of, open_playground, settle, step_slider, wait_for_run_after

pytestmark = pytest.mark.browser

DATA = {"data": "moons", "n": "300", "seed": "11"}


def _items(url: str) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlsplit(url).query).items()}


def _choose(pg, key, option, item):
    runs = pg.evaluate("() => window.__stRuns")
    pg.locator(f".st-key-{key} input").click()
    pg.get_by_role("option", name=option, exact=True).click()
    wait_for_run_after(pg, runs, f"choosing {option}", until=f"() => location.href.includes({item!r})")


def _shared_link(pg) -> str:
    """The link the sidebar's "Link to this view" offers."""
    box = pg.locator("[data-testid='stSidebar'] [data-testid='stExpander']", has_text="Link to this view")
    if not box.locator("code").is_visible():
        box.locator("summary").click()
    return box.locator("code").inner_text().replace("\n", "")


def test_a_step_keeps_every_setting_in_the_link(page, server):
    open_playground(page, server, "?" + "&".join(f"{k}={v}" for k, v in DATA.items()) + "&model=knn")
    step_slider(page, "p_knn_k")
    url = link_of(page, "k=6")
    assert _items(url) | DATA == _items(url) and _items(url)["k"] == "6", url
    assert _items(_shared_link(page)) == _items(url)

    _choose(page, "p_knn_metric", "minkowski", "metric=minkowski")
    step_slider(page, "p_knn_p")
    url = link_of(page, "p=3.5")
    assert {"k": "6", "metric": "minkowski", "p": "3.5"}.items() <= _items(url).items(), url
    # back to Euclidean: q is no setting of the model any more, so it leaves the link
    _choose(page, "p_knn_metric", "euclidean", "k=6")
    url = link_of(page, absent=("p=3.5", "metric="))
    assert "p" not in _items(url) and "metric" not in _items(url), url
    assert _items(url) | DATA == _items(url) and _items(url)["k"] == "6", url
    settle(page)
    assert _items(_shared_link(page)) == _items(url)
    assert_no_errors(page, "the playground after its settings' steps")


# Counts the times the sidebar's dataset panel (drawn by the page's full run, never by a part)
# is marked stale: Streamlit marks every element of the last run stale while a full run redraws
# the page, and only the fragment's own elements while the fragment reruns alone.
WATCH_DATASET = """() => { window.__datasetStale = 0; const SEL = '.st-key-ds_data, .st-key-ds_n';
  new MutationObserver(records => { for (const r of records)
      if (r.target.getAttribute('data-stale') === 'true' && (r.target.matches(SEL) || r.target.querySelector(SEL)))
        window.__datasetStale += 1; })
    .observe(document, {attributes: true, subtree: true, attributeFilter: ['data-stale']}); }"""

# page, a model slider on it (one step right of its default changes the link) and its link item
PAGE_STEPS = [("Decision_tree", "tree_min_leaf", "min_samples_leaf"),
              ("Decision_tree", "tree_depth", "depth"), ("Validation_curve", "vc_folds", "folds"),
              ("Bias-variance", "p_knn_k", "k"), ("Features", "feat_stretch", "stretch")]


@pytest.mark.parametrize(("path", "slider", "item"), PAGE_STEPS)
def test_a_model_slider_reruns_only_its_part_and_the_link_holds_it(page, server, path, slider, item):
    query = "&".join(f"{k}={v}" for k, v in DATA.items())
    page.goto(f"{server}/{path}?{query}")
    wait_for_run_after(page, 0, f"opening {path}")
    page.wait_for_selector(f".st-key-{slider} input[type='range']", timeout=60_000)
    settle(page)
    assert page.locator(".st-key-ds_data, .st-key-ds_n").count() > 0, "no dataset panel to watch"
    page.evaluate(WATCH_DATASET)
    step_slider(page, slider)
    url = link_of(page, f"{item}=")
    assert item in _items(url), f"the stepped setting left the link: {url}"
    assert page.evaluate("() => window.__datasetStale") == 0, "the step reran the whole page"
    assert _items(url) | DATA == _items(url), url
    settle(page)
    if page.locator("[data-testid='stSidebar'] [data-testid='stExpander']", has_text="Link to this view").count():
        assert _items(_shared_link(page)) == _items(url)
    assert_no_errors(page, f"{path} after a step of {slider}")
