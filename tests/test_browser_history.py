"""Back and Forward: slider steps replace the page's history entry (its address follows the
settings), a page change adds one; so Back returns to the previous page with the settings it had,
and Forward comes back."""

import pytest
from support.browser import goto, link_of, settle, step_slider, wait_for_run_after

pytestmark = pytest.mark.browser


def test_back_and_forward_step_through_pages_not_slider_steps(page, server):
    goto(page, f"{server}/Playground?data=moons&model=knn&k=5")
    start = page.evaluate("history.length")
    step_slider(page, "p_knn_k", presses=2)
    playground = link_of(page, "k=7")
    assert "k=7" in playground
    assert page.evaluate("history.length") == start  # two steps, no new entries
    runs = page.evaluate("() => window.__stRuns")
    page.get_by_role("link", name="SVM and kernels").first.click()
    wait_for_run_after(page, runs, "choosing SVM and kernels in the menu")
    step_slider(page, "p_svm_C", presses=1)
    # the step's run has written its address before Back (a run still finishing would write the
    # SVM's settings onto the entry Back lands on)
    assert "C=" in link_of(page, "SVM_and_kernels", "C=")
    assert page.evaluate("history.length") == start + 1  # one entry for the page, none for the step
    runs = page.evaluate("() => window.__stRuns")
    page.go_back()
    wait_for_run_after(page, runs, "Back", until="() => location.pathname.endsWith('/Playground')")
    assert "/Playground" in page.url and "k=7" in page.url
    page.wait_for_function("() => { const e = document.querySelector(\".st-key-p_knn_k input[type='range']\");"
                           " return e && e.value === '7'; }", timeout=30_000)
    runs = page.evaluate("() => window.__stRuns")
    page.go_forward()
    wait_for_run_after(page, runs, "Forward", until="() => !!document.querySelector('.st-key-p_svm_C')")
    settle(page)
    assert "/SVM_and_kernels" in page.url
