"""The working dataset is one per session: every page's dataset panel shows the
recipe chosen on another page (regression: a page switch reset every slider)."""

import pytest
from support.apptest import LESSONS, PLAYGROUND, ROOT, run_page

pytestmark = pytest.mark.app



def _panel_pages():
    """The pages whose prelude draws the dataset panel (ui.core.layout.page without with_dataset=False)."""
    return [p for p in LESSONS if "with_dataset=False" not in (ROOT / p).read_text()]


@pytest.mark.parametrize("page", [p for p in _panel_pages() if "Playground" not in p])
def test_recipe_follows_a_switch_to_another_page(page):
    at = run_page(PLAYGROUND)
    at.selectbox(key="ds_data").set_value("moons").run()
    at.slider(key="ds_n").set_value(300).run()
    at.switch_page(page).run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.selectbox(key="ds_data").value == "moons"
    assert at.slider(key="ds_n").value == 300
