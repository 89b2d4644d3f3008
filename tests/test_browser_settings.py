"""In the real browser, a page's settings keep their values across a dataset that stops the page
and a page switch (issue 14). AppTest cannot see the page-switch half: there the browser mounts
the new page's widget of the same key at its minimum unless the server hands it the value."""

import pytest
from support.browser import link_of, settle

pytestmark = pytest.mark.browser

THUMBS = ", ".join(f".st-key-{key} [data-testid='stSliderThumbValue']"
                   for key in ("tree_min_leaf", "tree_depth", "tree_val"))


def _tree_values(pg) -> list[str]:
    pg.wait_for_selector(".st-key-tree_val [data-testid='stSliderThumbValue']", timeout=60_000)
    thumbs = pg.locator(THUMBS)
    return [thumbs.nth(i).inner_text() for i in range(thumbs.count())]


def _go(pg, label, path):
    pg.locator("[data-testid='stSidebarNavLink']", has_text=label).click()
    pg.wait_for_url(f"**/{path}**", timeout=60_000)
    settle(pg)


def test_tree_settings_survive_a_blank_canvas_and_a_page_switch(page, server):
    page.goto(f"{server}/Decision_tree?data=moons&n=150&depth=4&min_samples_leaf=4&val_fraction=0.5")
    settle(page)
    assert _tree_values(page) == ["4", "4", "0.50"]
    for label, path in (("Playground", "Playground"), ("Decision tree", "Decision_tree")):
        _go(page, label, path)
        # the sidebar's dataset is drawn on every page: the same widgets, which must not restart
        assert page.locator(".st-key-ds_data input").input_value() == "Two moons", path
        assert page.locator(".st-key-ds_n [data-testid='stSliderThumbValue']").inner_text() == "150", path
    assert _tree_values(page) == ["4", "4", "0.50"]
    url = link_of(page, "min_samples_leaf=4", "depth=4", "val_fraction=0.5")
    assert "min_samples_leaf=4" in url and "depth=4" in url and "val_fraction=0.5" in url
