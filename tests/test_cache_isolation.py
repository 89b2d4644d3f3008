"""Two sessions on different links never receive each other's figures, whatever the server has
cached: every page, and a changed argument of every kind (the dataset, drawn points, the model,
each kind of hyperparameter, each switch, the page's own settings).

The AppTest sessions of one pytest process share Streamlit's caches (``st.cache_resource`` is
process-wide), as the sessions of one server do. For each case: on an emptied cache, session A
opens link A, then session B opens link B, then a third session opens link A again; on an
emptied cache again, B first, then A. What each session sees (every chart's figure, metric, text
and table) must be what it sees on an empty cache, and A's must differ from B's, so the changed
argument matters. A figure cached under a key that leaves out the changed argument would show B
the figure of A; a session that changed a shared value in place would show the third session
something else.
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

pytestmark = pytest.mark.app

ROOT = pathlib.Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
TIMEOUT = 120
SMALL = {"n": "60"}          # in every link unless a case sets n: small data, quick fits
PTS = "0.5,0.5,1;-1,1.5,0;2,-2,1"
OWN = "0,0,0;1,0.5,0;0.5,1,0;3,3,1;4,3.5,1;3.5,4,1"  # uploaded points (own_points.table_to_url)

# (page, what changes, link A, link B). A link is SMALL plus these items.
PLAYGROUND, SVM = "pages/1_Playground.py", "pages/2_SVM_and_kernels.py"
TREE, ID3 = "pages/3_Decision_tree.py", "pages/4_ID3_on_a_table.py"
ENSEMBLES, PERCEPTRON, NN, MULTICLASS = ("pages/5_Ensembles.py", "pages/6_Perceptron.py",
                                         "pages/7_Neural_network.py", "pages/8_Multi-class.py")
LEARNING, VALIDATION, CV, SEARCH = ("pages/10_Learning_curves.py", "pages/11_Validation_curve.py",
                                    "pages/12_Cross-validation.py", "pages/13_Search.py")
BIAS, COMPARE, THEORY, FEATURES = ("pages/14_Bias-variance.py", "pages/15_Compare_models.py",
                                   "pages/20_Learning_theory.py", "pages/21_Features.py")
LINE, STREET = "pages/30_Place_the_line.py", "pages/31_Widest_street.py"
NEIGHBOURS, WHICH_MODEL = "pages/33_Nearest_neighbours.py", "pages/37_Which_model.py"
PICK_SETTING, READ_CURVE = "pages/35_Pick_the_setting.py", "pages/36_Read_the_curve.py"
BUILD_TREE = "pages/32_Build_the_tree.py"
SVM3 = {"classes": "3"}
TREE_MODEL = {"model": "tree", "data": "moons"}
MOONS = {"data": "moons"}
SEPARABLE = {"source": "separable"}
XOR = {"gate": "XOR"}
THREE = {"classes": "3"}
SMALL_NN = {"max_iter": "30"}
ECOC = {"classes": "3", "strategy": "ecoc"}
CASES = [
    ("home.py", "presenter mode", {}, {"present": "1"}),
    # the Playground: every field kind of the dataset, drawn points, the model, each kind of
    # hyperparameter, each switch, the look
    (PLAYGROUND, "generator", {}, {"data": "moons"}),
    (PLAYGROUND, "points", {}, {"n": "80"}),
    (PLAYGROUND, "noise", {}, {"noise": "0.2"}),
    (PLAYGROUND, "seed", {}, {"seed": "3"}),
    (PLAYGROUND, "classes", {}, {"classes": "3"}),
    (PLAYGROUND, "test fraction", {}, {"test": "0.4"}),
    (PLAYGROUND, "drawn points", {}, {"pts": PTS}),
    # the same uploaded points under other column names: other axis titles
    (PLAYGROUND, "own columns", {"own": OWN, "own_names": "a|b"},
     {"own": OWN, "own_names": "a|b", "own_cols": "height|weight|kind"}),
    (PLAYGROUND, "model", {}, {"model": "tree"}),
    (PLAYGROUND, "int hyperparameter", {}, {"k": "9"}),
    (PLAYGROUND, "choice hyperparameter", {}, {"weights": "distance"}),
    (PLAYGROUND, "float hyperparameter", {"model": "svm"}, {"model": "svm", "C": "10"}),
    # the gain ratio grows the same full tree on these moons: only the learning curve differs
    (PLAYGROUND, "bool hyperparameter", {**TREE_MODEL, "section": "learning"},
     {**TREE_MODEL, "section": "learning", "gain_ratio": "true"}),
    (PLAYGROUND, "no-limit choice", TREE_MODEL, {**TREE_MODEL, "max_depth": "2"}),
    (PLAYGROUND, "test points", {}, {"show_test": "false"}),
    (PLAYGROUND, "confidence", {}, {"show_conf": "false"}),
    (PLAYGROUND, "explain", {}, {"explain": "true"}),
    (PLAYGROUND, "presenter mode", {}, {"present": "1"}),
    # SVM and kernels
    (SVM, "generator", {}, {"data": "moons"}),
    (SVM, "drawn points", {}, {"pts": PTS}),
    (SVM, "C", {}, {"C": "10"}),
    # C = ∞ shows in the primal route's section (C of its objective), built only when open
    (SVM, "hard margin", {"kernel": "linear", "section": "primal"},
     {"kernel": "linear", "C": "inf", "section": "primal"}),
    (SVM, "kernel", {}, {"kernel": "linear"}),
    (SVM, "gamma", {}, {"gamma": "2"}),
    (SVM, "degree", {"kernel": "poly"}, {"kernel": "poly", "degree": "2"}),
    (SVM, "multi-class scheme", SVM3, {**SVM3, "multiclass": "ovr"}),
    (SVM, "pair machine", SVM3, {**SVM3, "pair": "0-2"}),
    (SVM, "test points", {}, {"show_test": "true"}),
    (SVM, "explain", {"kernel": "linear"}, {"kernel": "linear", "explain": "true"}),
    (SVM, "point taken apart", {}, {"x1": "0.5", "x2": "-1"}),
    (SVM, "Pegasos epochs", {}, {"epochs": "20"}),
    (SVM, "presenter mode", {}, {"present": "1"}),
    # Decision tree
    (TREE, "seed", {}, {"seed": "3"}),
    (TREE, "drawn points", {}, {"pts": PTS}),
    (TREE, "criterion", MOONS, {**MOONS, "criterion": "entropy"}),
    (TREE, "min samples per leaf", MOONS, {**MOONS, "min_samples_leaf": "4"}),
    (TREE, "min impurity decrease", MOONS, {**MOONS, "min_impurity_decrease": "0.05"}),
    (TREE, "gain ratio", {**MOONS, "noise": "0.4"}, {**MOONS, "noise": "0.4", "gain_ratio": "true"}),
    (TREE, "depth", MOONS, {**MOONS, "depth": "1"}),
    (TREE, "follow a point", {}, {"follow": "false"}),
    (TREE, "followed point", {}, {"x1": "1", "x2": "-1"}),
    (TREE, "explain", {}, {"explain": "true"}),
    (TREE, "validation fraction", {}, {"val_fraction": "0.4"}),
    (TREE, "pruning step", {}, {"prune_step": "1"}),
    # ID3 on a table (the uploaded CSV is read once per content: tests/test_id3_upload.py)
    (ID3, "table", {}, {"table": "kids_play"}),
    (ID3, "split score", {}, {"score": "ratio"}),
    (ID3, "followed row", {}, {"row": "3"}),
    (ID3, "Laplace smoothing", {}, {"laplace": "true"}),
    (ID3, "node shown", {}, {"node": "1"}),
    (ID3, "naive Bayes row", {}, {"nb_outlook": "overcast"}),
    # Ensembles
    (ENSEMBLES, "noise", {}, {"noise": "0.2"}),
    (ENSEMBLES, "drawn points", {}, {"pts": PTS}),
    (ENSEMBLES, "model", {}, {"model": "extra_trees"}),
    (ENSEMBLES, "trees", {}, {"n_estimators": "20"}),
    (ENSEMBLES, "depth limit", MOONS, {**MOONS, "max_depth": "2"}),
    (ENSEMBLES, "criterion", MOONS, {**MOONS, "criterion": "entropy"}),
    (ENSEMBLES, "bootstrap", {}, {"bootstrap": "false"}),
    (ENSEMBLES, "members in the vote", {}, {"members": "10"}),
    (ENSEMBLES, "confidence", {}, {"show_conf": "false"}),
    (ENSEMBLES, "learning rate", {"model": "adaboost"}, {"model": "adaboost", "learning_rate": "0.5"}),
    (ENSEMBLES, "round", {**MOONS, "model": "adaboost"}, {**MOONS, "model": "adaboost", "round": "3"}),
    # Perceptron
    (PERCEPTRON, "seed", {}, {"seed": "3"}),
    (PERCEPTRON, "drawn points", {}, {"pts": PTS}),
    (PERCEPTRON, "source", {}, SEPARABLE),
    (PERCEPTRON, "gap", SEPARABLE, {**SEPARABLE, "gap": "1"}),
    (PERCEPTRON, "separable points", SEPARABLE, {**SEPARABLE, "sep_n": "80"}),
    (PERCEPTRON, "separable seed", SEPARABLE, {**SEPARABLE, "sep_seed": "2"}),
    (PERCEPTRON, "positive class", THREE, {**THREE, "pos": "2"}),
    (PERCEPTRON, "against the rest", THREE, {**THREE, "neg": "rest"}),
    (PERCEPTRON, "epochs", MOONS, {**MOONS, "epochs": "2"}),
    (PERCEPTRON, "learning rate", {**MOONS, "start": "least_squares"},
     {**MOONS, "start": "least_squares", "lr": "0.5"}),
    (PERCEPTRON, "start", {}, {"start": "least_squares"}),
    (PERCEPTRON, "shuffle", {}, {"shuffle": "false"}),
    (PERCEPTRON, "explain", MOONS, {**MOONS, "explain": "true"}),
    (PERCEPTRON, "replay step", {}, {"step": "5"}),
    (PERCEPTRON, "kernel", {}, {"kernel": "linear"}),
    (PERCEPTRON, "kernel width", {}, {"gamma": "2"}),
    (PERCEPTRON, "sweep", SEPARABLE, {**SEPARABLE, "sweep": "true"}),
    # Neural network
    (NN, "seed", SMALL_NN, {**SMALL_NN, "seed": "3"}),
    (NN, "drawn points", SMALL_NN, {**SMALL_NN, "pts": PTS}),
    (NN, "epochs trained", SMALL_NN, {"max_iter": "40"}),
    (NN, "hidden units", SMALL_NN, {**SMALL_NN, "hidden_units": "4"}),
    (NN, "activation", SMALL_NN, {**SMALL_NN, "activation": "tanh"}),
    (NN, "learning rate", SMALL_NN, {**SMALL_NN, "learning_rate_init": "0.05"}),
    (NN, "epoch shown", SMALL_NN, {**SMALL_NN, "epoch": "10"}),
    (NN, "gate", SMALL_NN, {**SMALL_NN, "gate": "OR"}),
    (NN, "XOR training seed", {**SMALL_NN, **XOR}, {**SMALL_NN, **XOR, "xor_seed": "3"}),
    # Multi-class
    (MULTICLASS, "classes", THREE, {"classes": "4"}),
    (MULTICLASS, "drawn points", THREE, {**THREE, "pts": PTS}),
    (MULTICLASS, "strategy", THREE, {**THREE, "strategy": "ovo"}),
    (MULTICLASS, "base model", THREE, {**THREE, "base": "knn"}),
    (MULTICLASS, "code", ECOC, {**ECOC, "code": "exhaustive"}),
    (MULTICLASS, "code size", ECOC, {**ECOC, "code_size": "2"}),
    (MULTICLASS, "decoding", ECOC, {**ECOC, "decoding": "loss"}),
    (MULTICLASS, "typed code", {**ECOC, "code": "typed"},
     {**ECOC, "code": "typed", "typed": "+1 -1 -1; -1 +1 -1; -1 -1 +1"}),
    (MULTICLASS, "C", {**THREE, "strategy": "crammer_singer"},
     {**THREE, "strategy": "crammer_singer", "C": "10"}),
    (MULTICLASS, "inspected point", THREE, {**THREE, "x1": "1", "x2": "-1"}),
    # Learning curves
    (LEARNING, "generator", {}, {"data": "moons"}),
    (LEARNING, "drawn points", {}, {"pts": PTS}),
    (LEARNING, "model", {}, {"model": "tree"}),
    (LEARNING, "hyperparameter", {}, {"k": "9"}),
    (LEARNING, "folds", {}, {"folds": "3"}),
    (LEARNING, "training sizes", {}, {"sizes": "5"}),
    (LEARNING, "target", {}, {"target": "0.8"}),
    (LEARNING, "boundary at", {}, {"at": "2"}),
    # Validation curve
    (VALIDATION, "seed", {}, {"seed": "3"}),
    (VALIDATION, "drawn points", {}, {"pts": PTS}),
    (VALIDATION, "model", {}, {"model": "tree"}),
    (VALIDATION, "hyperparameter", {}, {"k": "9"}),
    (VALIDATION, "varied hyperparameter", {}, {"vary": "weights"}),
    (VALIDATION, "folds", {}, {"folds": "3"}),
    # Cross-validation
    (CV, "noise", {}, {"noise": "0.2"}),
    (CV, "drawn points", {}, {"pts": PTS}),
    (CV, "model", {}, {"model": "tree"}),
    (CV, "hyperparameter", {}, {"k": "9"}),
    (CV, "splitter", {}, {"splitter": "kfold"}),
    (CV, "folds", {}, {"folds": "3"}),
    (CV, "shuffle", {}, {"shuffle": "true"}),
    (CV, "split seed", {"shuffle": "true"}, {"shuffle": "true", "cv_seed": "3"}),
    (CV, "holdout share", {"splitter": "shuffle"}, {"splitter": "shuffle", "holdout": "0.5"}),
    (CV, "nested", {}, {"nested": "true"}),
    (CV, "leave-one-out's model", {"splitter": "loo"}, {"splitter": "loo", "k": "9"}),
    # Search
    (SEARCH, "seed", {}, {"seed": "3"}),
    (SEARCH, "drawn points", {}, {"pts": PTS}),
    (SEARCH, "model", {}, {"model": "tree"}),
    (SEARCH, "values per axis", {}, {"values": "3"}),
    (SEARCH, "folds", {}, {"search_folds": "3"}),
    (SEARCH, "random search", {}, {"random": "false"}),
    (SEARCH, "random seed", {}, {"search_seed": "3"}),
    # Bias-variance
    (BIAS, "generator", {}, {"data": "moons"}),
    (BIAS, "drawn points", {}, {"pts": PTS}),
    (BIAS, "model", {}, {"model": "tree"}),
    (BIAS, "hyperparameter", {}, {"k": "9"}),
    (BIAS, "bootstrap samples", {}, {"rounds": "10"}),
    (BIAS, "complexity axis", {}, {"complexity": "weights"}),
    (BIAS, "noise (the Bayes label)", MOONS, {**MOONS, "noise": "0.2"}),
    (BIAS, "label noise", MOONS, {**MOONS, "label_noise": "0.1"}),
    (BIAS, "erased point (distribution unknown)", MOONS, {**MOONS, "erased": "3"}),
    # Compare models
    (COMPARE, "seed", {}, {"seed": "3"}),
    (COMPARE, "drawn points", {}, {"pts": PTS}),
    (COMPARE, "folds", {}, {"compare_folds": "3"}),
    (COMPARE, "models", {"models": "knn,tree"}, {"models": "knn,logistic"}),
    # Learning theory
    (THEORY, "PAC ε", {}, {"eps": "0.2"}),
    (THEORY, "shattered points", {"tab": "shattering"}, {"tab": "shattering", "spts": "0,0;1,1;1,0"}),
    (THEORY, "hypothesis class", {"tab": "shattering", "spts": "0,0;1,1;1,0"},
     {"tab": "shattering", "spts": "0,0;1,1;1,0", "hclass": "rectangles"}),
    (THEORY, "bounds: generator", {"tab": "bounds", "resamples": "3"}, {"tab": "bounds", "resamples": "3",
                                                                         "data": "moons"}),
    (THEORY, "bounds: model", {"tab": "bounds", "resamples": "3"}, {"tab": "bounds", "resamples": "3",
                                                                     "bound_model": "perceptron"}),
    (THEORY, "bounds: labels flipped", {"tab": "bounds", "resamples": "3"}, {"tab": "bounds", "resamples": "3",
                                                                              "bound_flip": "0.3"}),
    (THEORY, "Rademacher: drawn points", {"tab": "rademacher", "draws": "2"},
     {"tab": "rademacher", "draws": "2", "pts": PTS}),
    (THEORY, "Rademacher: family", {"tab": "rademacher", "draws": "2"},
     {"tab": "rademacher", "draws": "2", "rad_family": "tree"}),
    (THEORY, "Bayes: model", {"tab": "bayes"}, {"tab": "bayes", "bayes_model": "tree"}),
    (THEORY, "Bayes: hyperparameter", {"tab": "bayes"}, {"tab": "bayes", "k": "9"}),
    # Features
    (FEATURES, "seed", {}, {"seed": "3"}),
    (FEATURES, "drawn points", {}, {"pts": PTS}),
    (FEATURES, "stretched axis", {}, {"axis": "x1"}),
    (FEATURES, "stretch", {}, {"stretch": "2"}),
    (FEATURES, "transform", {}, {"transform": "standard"}),
    (FEATURES, "degree", {}, {"degree": "2"}),
    (FEATURES, "C", {}, {"C": "10"}),
    (FEATURES, "noise features", {}, {"extra": "2"}),
    (FEATURES, "copies", {}, {"copies": "1"}),
    (FEATURES, "wrapper model", {}, {"sel_model": "tree"}),
    (FEATURES, "CV folds", {}, {"cv": "3"}),
    (FEATURES, "stability selector", {"stab_k": "3"}, {"stab_k": "3", "stab_method": "stump"}),
    (FEATURES, "features kept", {}, {"stab_k": "3"}),
    (FEATURES, "bootstrap samples", {}, {"n_boot": "10"}),
    # the line exercises: the task (level, task number) and the lecturer's target
    (LINE, "level", {}, {"level": "3"}),
    (LINE, "task number", {}, {"seed": "3"}),
    (LINE, "target", {"level": "3"}, {"level": "3", "target": "9"}),
    (STREET, "level", {}, {"level": "2"}),
    (STREET, "task number", {}, {"seed": "3"}),
    # the Compute it exercise: nothing is cached; the task (level, number) and the question make its numbers
    ("pages/34_Compute_it.py", "question", {"seed": "5"}, {"seed": "5", "question": "naive_bayes"}),
    ("pages/34_Compute_it.py", "task number", {"seed": "5"}, {"seed": "6"}),
    ("pages/34_Compute_it.py", "level", {"seed": "5"}, {"seed": "5", "level": "3"}),
    # the Shatter exercise: nothing is cached (mlcore.theory checks a handful of points at once)
    ("pages/38_Shatter.py", "level", {"seed": "4"}, {"seed": "4", "level": "2"}),
    ("pages/38_Shatter.py", "task number", {"level": "2"}, {"level": "2", "seed": "5"}),
    ("pages/38_Shatter.py", "points", {"level": "3", "seed": "2"}, {"level": "3", "seed": "2", "spts": "1,0;0.5,0"}),
    ("pages/38_Shatter.py", "labelling", {"level": "3", "seed": "2", "spts": "1,0;0.5,0"},
     {"level": "3", "seed": "2", "spts": "1,0;0.5,0", "pos": "1,2"}),
    # Exercises: the task (level and task number) is all a link gives them
    (NEIGHBOURS, "level", {"level": "2", "seed": "5"}, {"level": "3", "seed": "5"}),
    (NEIGHBOURS, "task number", {"level": "2", "seed": "5"}, {"level": "2", "seed": "6"}),
    (WHICH_MODEL, "level", {"level": "2", "seed": "5"}, {"level": "3", "seed": "5"}),
    (WHICH_MODEL, "task number", {"level": "2", "seed": "5"}, {"level": "2", "seed": "6"}),
    # the exercises: a task is cached by its level and task number
    (PICK_SETTING, "level", {"seed": "2"}, {"level": "2", "seed": "2"}),
    (PICK_SETTING, "task number", {"seed": "2"}, {"seed": "3"}),
    (READ_CURVE, "level", {"seed": "2"}, {"level": "3", "seed": "2"}),
    (READ_CURVE, "task number", {"seed": "2"}, {"seed": "4"}),
    # Build the tree (nothing cached): the task, its version and the student's splits or attribute
    (BUILD_TREE, "task number", {}, {"seed": "3"}),
    (BUILD_TREE, "level", {}, {"level": "3"}),
    (BUILD_TREE, "version", {}, {"mode": "table"}),
    (BUILD_TREE, "splits", {"seed": "3"}, {"seed": "3", "hand": "2:1.6"}),
    (BUILD_TREE, "attribute", {"mode": "table"}, {"mode": "table", "attr": "wind"}),
    # Ask the room opens on its forms (a poll's task figure is cached by the poll's task:
    # tests/test_poll_pages.py shows two polls their own tasks)
    ("pages/39_Ask_the_room.py", "question", {}, {"question": "curve"}),
    ("pages/39_Ask_the_room.py", "task number", {}, {"seed": "7"}),
]
# Cases whose two links show the same: only that neither session sees the other's is checked.
NOTHING_SHARED = {("home.py", "presenter mode"), ("pages/39_Ask_the_room.py", "question"),
                  ("pages/39_Ask_the_room.py", "task number")}


def empty_caches() -> None:
    st.cache_resource.clear()
    st.cache_data.clear()


def link(items: dict, page: str = "") -> dict:
    # an exercise page (pages/3x_*) has no dataset: its link is its task alone
    return dict(items) if re.match(r"pages/3\d_", page) else {**SMALL, **items}


def open_page(page: str, items: dict) -> dict:
    """A new session on ``page`` with this link: what it shows."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params.update(link(items, page))
    at.run()
    if page != "home.py":
        at.switch_page(page).run()
    assert not at.exception, [e.message for e in at.exception]
    taken = dict(at.query_params)
    missed = {k: v for k, v in items.items() if taken.get(k) != v}
    assert not missed, f"the page did not take {missed} from its link (it shows {taken})"
    return view(at)


def view(at) -> dict:
    """Every chart's figure, metric, text and table of a session, in page order."""
    texts = (*at.title, *at.header, *at.subheader, *at.markdown, *at.caption, *at.latex,
             *at.success, *at.info, *at.warning, *at.error)
    return {"charts": [(c.key, json.loads(c.proto.spec)) for c in at.get("plotly_chart")],
            "metrics": [(m.label, m.value, m.proto.delta) for m in at.metric],
            "texts": [t.value for t in texts],
            "tables": [_untimed(d.value).to_csv() for d in at.dataframe]}


def _untimed(frame):
    """The table without its timings (Compare models' "fit ms"), which differ from run to run."""
    return frame.drop(columns=[c for c in frame.columns if re.search(r"\bms\b", str(c))])


def differences(got: dict, expected: dict) -> list[str]:
    out = []
    for part in ("charts", "metrics", "texts", "tables"):
        a, b = got[part], expected[part]
        if len(a) != len(b):
            out.append(f"{len(a)} {part} instead of {len(b)}")
            continue
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                out.append(f"{part[:-1]} {_name(x, i)[:80]!r} differs")
    return out


def _name(element, i: int) -> str:
    if isinstance(element, tuple) and isinstance(element[-1], dict):   # a chart: its key, title or place
        key, spec = element
        return key or spec.get("layout", {}).get("title", {}).get("text") or f"#{i}"
    return str(element)


def test_every_page_has_cases():
    pages = {"home.py", *(p.relative_to(ROOT).as_posix() for p in (ROOT / "pages").glob("*.py"))}
    assert pages == {case[0] for case in CASES}


@pytest.mark.parametrize("page, what, a, b", CASES, ids=[f"{pathlib.Path(p).stem}-{w}" for p, w, *_ in CASES])
def test_sessions_on_different_links_see_only_their_own(page, what, a, b):
    empty_caches()
    a_alone = open_page(page, a)
    b_after_a = open_page(page, b)
    a_again = open_page(page, a)
    empty_caches()
    b_alone = open_page(page, b)
    a_after_b = open_page(page, a)
    assert not differences(b_after_a, b_alone), f"B after A: {differences(b_after_a, b_alone)}"
    assert not differences(a_after_b, a_alone), f"A after B: {differences(a_after_b, a_alone)}"
    # what the first two sessions were handed from the cache, they left as it was
    assert not differences(a_again, a_alone), f"A again: {differences(a_again, a_alone)}"
    warnings = [t for t in a_alone["texts"] + b_alone["texts"] if "could not be used" in t]
    assert not warnings, warnings
    if (page, what) not in NOTHING_SHARED:
        assert differences(a_alone, b_alone), f"{what} changes nothing {page} shows: the case tests nothing"
