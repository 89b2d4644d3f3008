"""Issue 14, defect 2 on the SVM page in the real browser: epochs set to 70, then C = ∞ on data a
line cannot separate (the page stops early, so the epochs slider is not drawn), then C one step
down: epochs must still be 70, not the slider's minimum."""

import pytest
from support.browser import goto, settle, step_slider

pytestmark = pytest.mark.browser

EPOCHS = ".st-key-svm_epochs [data-testid='stSliderThumbValue']"


def test_epochs_survive_a_refused_hard_margin(page, server):
    # the epochs slider is in the primal route's section, built only when its tab is open
    goto(page, f"{server}/SVM_and_kernels?data=moons&noise=0.3&kernel=linear&C=1000&section=primal")
    page.wait_for_selector(EPOCHS, timeout=60_000)
    assert page.locator(EPOCHS).inner_text() == "50"
    step_slider(page, "svm_epochs", 4)                     # 50 -> 70 in steps of 5
    assert page.locator(EPOCHS).inner_text() == "70"
    step_slider(page, "p_svm_C", 1)                        # 1000 -> ∞: a hard margin on moons
    page.wait_for_function("() => document.body.innerText.includes('hard margin')", timeout=60_000)
    settle(page)
    step_slider(page, "p_svm_C", 1, arrow="ArrowLeft")     # back to 1000
    page.wait_for_selector(EPOCHS, timeout=60_000)
    settle(page)
    assert page.locator(EPOCHS).inner_text() == "70"
