"""What scikit-learn's estimator checks need from mlcore's classifiers, for the modules that run
them (tests/test_sklearn_checks.py on every registered model, tests/test_pipeline.py on pipelines)."""

import functools

from sklearn.utils import ClassifierTags, InputTags, Tags, TargetTags

# Checks we do not run, with the reason. Every other check must pass.
EXCLUDED = {
    "check_estimator_sparse_array": "sparse input: mlcore takes dense numpy arrays only",
    "check_estimator_sparse_matrix": "sparse input: mlcore takes dense numpy arrays only",
    "check_estimator_sparse_tag": "sparse input: mlcore takes dense numpy arrays only",
    "check_estimators_unfitted": "expects scikit-learn's own NotFittedError class; "
                                 "mlcore raises its own NotFittedError (a ValueError and AttributeError)",
}


def sklearn_tags(self) -> Tags:
    # A classifier that needs y, dense numeric input only (scikit-learn's defaults otherwise).
    return Tags(estimator_type="classifier", target_tags=TargetTags(required=True),
                classifier_tags=ClassifierTags(), input_tags=InputTags())


def check_name(check) -> str:
    func = check.func if isinstance(check, functools.partial) else check
    options = "".join(f"[{k}={v}]" for k, v in getattr(check, "keywords", {}).items())
    return func.__name__ + options
