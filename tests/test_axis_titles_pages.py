"""An upload's column names title the planes of every page that draws the shared data (issue 24,
part 6: "the axes are titled with the chosen column names"), not only the Playground's."""

import pytest
from support.apptest import PLAYGROUND, assert_clean, charts, link, run_page, upload

pytestmark = pytest.mark.app

NAMES = ("sepal_length", "sepal_width")
TEXT = b"sepal_length,sepal_width,species\n" + b"\n".join(
    f"{4.5 + 0.1 * i:.1f},{3 + 0.1 * (i % 7):.1f},{'ab'[(i // 3) % 2]}".encode() for i in range(60))
PAGES = ["pages/2_SVM_and_kernels.py", "pages/3_Decision_tree.py", "pages/5_Ensembles.py",
         "pages/10_Learning_curves.py", "pages/11_Validation_curve.py", "pages/12_Cross-validation.py",
         "pages/13_Search.py", "pages/14_Bias-variance.py", "pages/21_Features.py"]


@pytest.fixture(scope="module")
def own_link():
    at = upload(run_page(PLAYGROUND), "iris.csv", TEXT)
    assert at.query_params["own_cols"] == "sepal_length|sepal_width|species"
    return link(at)


def _titles(fig) -> list[str]:
    layout = fig["layout"]
    return [str(axis.get("title", {}).get("text", "")) for name, axis in layout.items()
            if name.startswith(("xaxis", "yaxis")) and isinstance(axis, dict)]


@pytest.mark.parametrize("page", PAGES)
def test_the_planes_are_titled_with_the_uploaded_column_names(page, own_link):
    at = run_page(page, own_link)
    assert_clean(at)
    titles = [_titles(fig) for fig in charts(at)]
    assert any(set(NAMES) <= set(t) for t in titles), titles
    assert not [t for t in titles if {"x₁", "x₂"} & set(t)], titles   # no plane keeps the generator's names
