"""ui.core.settings under AppTest: a setting keeps its value whatever the user does in between (another
dataset, another page, another model, a page that stopped early), says so when a kept value no
longer fits, and a bad value in a link is one warning that names it, then the default."""

import pytest
from streamlit.testing.v1 import AppTest
from support.apptest import PLAYGROUND, assert_clean, run_page

from catalog.models import MODELS

pytestmark = pytest.mark.app

TREE = "pages/3_Decision_tree.py"


def _open(page, query=None) -> AppTest:
    at = run_page(page, query)
    assert_clean(at)
    return at


def _tree_settings(at) -> tuple:
    return (at.slider(key="tree_depth").value, at.slider(key="tree_min_leaf").value,
            at.slider(key="tree_val").value)


def test_tree_settings_survive_a_blank_canvas_and_a_page_switch():
    """Issue 14: depth 4, min samples per leaf 4, validation fraction 0.50; Blank canvas (the page
    stops before drawing them) and back to Two moons, then another page and back: all kept."""
    at = _open(TREE)
    at.selectbox(key="ds_data").set_value("moons").run()
    at.slider(key="tree_min_leaf").set_value(4).run()
    at.slider(key="tree_depth").set_value(4).run()
    at.slider(key="tree_val").set_value(0.5).run()
    assert_clean(at)
    assert _tree_settings(at) == (4, 4, 0.5)
    at.selectbox(key="ds_data").set_value("blank").run()
    assert_clean(at)
    assert all(s.key != "tree_min_leaf" for s in at.slider), "the page stops before the tree"
    at.selectbox(key="ds_data").set_value("moons").run()
    assert_clean(at)
    assert _tree_settings(at) == (4, 4, 0.5)
    assert at.query_params.get("min_samples_leaf") in ("4", ["4"])
    at.switch_page(PLAYGROUND).run()
    assert_clean(at)
    at.switch_page(TREE).run()
    assert_clean(at)
    assert _tree_settings(at) == (4, 4, 0.5)
    assert at.selectbox(key="ds_data").value == "moons"


def test_a_hyperparameter_survives_a_model_switch_and_a_page_switch():
    at = _open(PLAYGROUND)
    at.slider(key="p_knn_k").set_value(25).run()
    at.selectbox(key="model").set_value("logistic").run()
    assert all(s.key != "p_knn_k" for s in at.slider)
    at.switch_page("pages/5_Ensembles.py").run()
    at.switch_page(PLAYGROUND).run()
    at.selectbox(key="model").set_value("knn").run()
    assert_clean(at)
    assert at.slider(key="p_knn_k").value == 25
    assert at.query_params.get("k") in ("25", ["25"])


def test_a_kept_value_that_no_longer_fits_is_replaced_and_the_page_says_so():
    at = _open(TREE, {"data": "moons", "n": "300"})
    deepest = int(at.slider(key="tree_depth").max)
    at.slider(key="tree_depth").set_value(deepest).run()
    at.slider(key="tree_min_leaf").set_value(50).run()  # a much shallower tree
    assert_clean(at)
    depth = at.slider(key="tree_depth")
    assert depth.max < deepest and depth.value == depth.max
    assert any(f"depth was {deepest}, which does not fit here" in c.value for c in at.caption)
    at.slider(key="tree_val").set_value(0.4).run()  # said once, not on every run
    assert not any("does not fit here" in c.value for c in at.caption)


def test_a_bad_link_value_is_one_warning_naming_it_and_the_default_is_used():
    at = _open("pages/2_SVM_and_kernels.py", {"C": "-1", "kernel": "quantum", "tol": "0.01", "n": "80"})
    assert len(at.warning) == 1
    text = at.warning[0].value
    assert "**C** = `-1`" in text and "**kernel** = `quantum`" in text and "tol" not in text
    svm = MODELS["svm"]
    assert at.select_slider(key="p_svm_C").value == svm.param("C").default
    assert at.selectbox(key="p_svm_kernel").value == svm.param("kernel").default
    assert at.select_slider(key="p_svm_tol").value == 0.01  # the good value next to them is used
    link = {k: v[0] if isinstance(v, list) else v for k, v in dict(at.query_params).items()}
    assert link == {"tol": "0.01", "n": "80"}
    at.slider(key="ds_noise").set_value(0.1).run()
    assert not at.warning, "the warning belongs to the link, not to every run"


def test_the_menu_has_sections_and_keeps_every_old_address():
    from ui.core.layout import menu, navigation_pages

    sections = navigation_pages()
    # Home heads the menu without a section header; later sections (Model selection, ...) follow.
    # New pages join the sections: the old ones keep their place, the count is not fixed.
    assert list(sections)[:2] == ["", "Models"]
    assert len(sections[""]) == 1 and len(sections["Models"]) >= 5
    assert [(e.url_path, e.section) for e in menu()][:6] == [
        ("", ""), ("Playground", "Models"), ("SVM_and_kernels", "Models"), ("Decision_tree", "Models"),
        ("ID3_on_a_table", "Models"), ("Ensembles", "Models")]
