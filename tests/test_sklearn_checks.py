"""scikit-learn's own estimator checks on every registered classifier.

Each mlcore class is wrapped in a test-only subclass that adds scikit-learn's tags
(``__sklearn_tags__``); mlcore itself never imports scikit-learn. One pytest case per
(model, check), so a failure names both: ``test_sklearn_check[knn-check_complex_data]``.

The models run with the catalog's defaults (what the app fits): the whole file takes
about 15 s on one core, so no check needs smaller hyperparameters.

``check_array_api_input`` is skipped by scikit-learn itself unless SCIPY_ARRAY_API=1 is
set before scipy is imported (it passes when set); that is scikit-learn's switch, not ours.
"""

from __future__ import annotations

import warnings

import pytest
from sklearn.utils.estimator_checks import estimator_checks_generator
from support.sklearn_checks import EXCLUDED, check_name, sklearn_tags

from catalog.models import MODELS

# Exclusions for one model only: (model key, check name) -> reason. None today; kept so that
# a model-specific exclusion has one place and must carry its reason.
EXCLUDED_FOR_MODEL: dict[tuple[str, str], str] = {}


def _with_sklearn_tags(cls: type) -> type:
    """``cls`` plus scikit-learn's tags, importable under its own name (pickle checks need it)."""
    name = f"Checked{cls.__name__}"
    if name not in globals():
        globals()[name] = type(name, (cls,), {"__sklearn_tags__": sklearn_tags, "__module__": __name__})
    return globals()[name]


def _cases():
    for key, spec in MODELS.items():
        model = spec.make()
        checked = _with_sklearn_tags(type(model))(**model.get_params(deep=False))
        with warnings.catch_warnings():
            # "does not inherit from sklearn.base.BaseEstimator": by design, mlcore is numpy only.
            warnings.simplefilter("ignore", UserWarning)
            for estimator, check in estimator_checks_generator(checked, legacy=True):
                name = check_name(check)
                base_name = name.split("[")[0]
                reason = EXCLUDED.get(base_name) or EXCLUDED_FOR_MODEL.get((key, base_name))
                marks = [pytest.mark.skip(reason=reason)] if reason else []
                yield pytest.param(estimator, check, id=f"{key}-{name}", marks=marks)


@pytest.mark.parametrize("estimator, check", list(_cases()))
def test_sklearn_check(estimator, check):
    check(estimator)
