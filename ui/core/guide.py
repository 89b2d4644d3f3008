"""What a page says to a student on their own: "What you see" under the main chart (a
``ui.reading.Reading``) and links to the pages that answer the next question.

    guide.see(reading, model="svm", params=hp)
    guide.next_pages("validation_curve", "bias_variance", "search", model="svm", params=hp)

A link is an ``st.page_link`` whose query carries this view: the dataset (recipe, drawn and
uploaded points), presenter mode and, when the target page shows that model, the model and its
hyperparameters in the target's link names. The target reads them on arrival
(``ui.core.layout.page``), so the pair opens on the same data and model; the same link opened in a
new tab or sent to a friend does too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from catalog.models import MODELS
from exercises import KINDS
from ui.core import settings
from ui.core.layout import LINKED, menu
from ui.core.params import url_name
from ui.data.dataset_panel import FIELDS
from ui.reading import Reading

# Link items that describe the dataset (ui.core.layout.page writes them) and the screen.
CARRIED = {"data", *(f.name for f in FIELDS), "pts", "own", "own_names", "own_cols", "erased", "present"}
ANY = frozenset(MODELS)  # pages with a model picker: every model, under model=


def model_items(model: str, params: dict, rename: dict | None = None, with_key: bool = True) -> dict[str, str]:
    """``model=`` and every hyperparameter that differs from its default, under its link name
    (``rename``: the target page's own names for some of them, e.g. max_depth -> depth)."""
    spec = MODELS[model]
    items = {"model": model} if with_key else {}
    for p in spec.params:
        if p.name in params and params[p.name] != p.default:
            name = (rename or {}).get(p.name, url_name(spec, p))
            if name:
                items[name] = settings.url_value(params[p.name])
    return items


def _tree(model: str, params: dict) -> dict[str, str]:
    # The page's depth is the level of the full tree it shows: a depth limit is that level, and no
    # limit (the default, so never in the link) leaves the page's own depth.
    return model_items(model, params, rename={"max_depth": "depth"}, with_key=False)


_STRATEGIES = {"one_vs_rest": "ovr", "one_vs_one": "ovo", "output_code": "ecoc", "linear_svc_cs": "crammer_singer"}


def _multiclass(model: str, params: dict) -> dict[str, str]:
    items = {"strategy": _STRATEGIES[model]}
    if model == "linear_svc_cs":
        items.update(model_items(model, {"C": params.get("C", 1.0)}, with_key=False))
    else:
        items.update(model_items(model, params, with_key=False))
    return items


EXERCISE_TASKS = {
    "line": "set a line with few training errors, then compare the perceptron's and the SVM's",
    "street": "find the widest street between two classes",
    "tree": "choose a tree's splits by hand, then compare with CART's and ID3's",
    "neighbours": "find a point's k nearest neighbours and their vote",
    "compute": "work out a gain, an impurity, a naive Bayes score, a perceptron step, a code's decoding",
    "setting": "guess the best k, depth, C or gamma before the validation curve shows it",
    "curve": "read a learning curve: high bias, high variance or fine",
    "which_model": "tell which model drew a decision region",
    "shatter": "place points a class shatters, then find a set it cannot",
}


@dataclass(frozen=True)
class Target:
    url_path: str
    page_name: str          # the name the page gives ui.core.layout.page (to leave itself out)
    answers: str            # the question it answers, one line
    models: frozenset = frozenset()
    items: Callable[[str, dict], dict[str, str]] = model_items
    focus: str | None = None  # the link item naming the hyperparameter the page is about (a curve's axis)


PAGES = {
    "playground": Target("Playground", "playground", "any model on these points, with its accuracy", ANY),
    "svm": Target("SVM_and_kernels", "svm", "the margin, the support vectors and what a kernel bends",
                  frozenset({"svm"}), lambda m, p: model_items(m, p, with_key=False)),
    "tree": Target("Decision_tree", "tree", "how a tree cuts the plane, one question at a time",
                   frozenset({"tree"}), _tree),
    "id3": Target("ID3_on_a_table", "id3", "why a split wins: information gain worked out on a table"),
    "ensembles": Target("Ensembles", "ensembles", "many trees voting: less variance than one",
                        frozenset({"random_forest", "extra_trees", "bagging", "adaboost"})),
    "perceptron": Target("Perceptron", "perceptron", "a line learned one mistake at a time",
                         frozenset({"perceptron"}),
                         lambda m, p: model_items(m, p, rename={"max_iter": "epochs"}, with_key=False)),
    "nn": Target("Neural_network", "neural_network", "hidden units that bend the boundary",
                 frozenset({"mlp"}), lambda m, p: model_items(m, p, with_key=False)),
    "multiclass": Target("Multi-class", "multiclass", "two-class machines combined for many classes",
                         frozenset(_STRATEGIES), _multiclass),
    "learning_curves": Target("Learning_curves", "learning", "would more data help? bias or variance", ANY),
    "validation_curve": Target("Validation_curve", "validation", "which value of a setting is best on new points",
                               ANY, focus="vary"),
    "cross_validation": Target("Cross-validation", "cross_validation", "how sure an accuracy estimate is", ANY,
                                   focus="tune"),
    "search": Target("Search", "search", "two settings tuned together by cross-validation", ANY),
    "bias_variance": Target("Bias-variance", "bias_variance", "where the errors come from: bias or variance", ANY,
                            focus="complexity"),
    "compare": Target("Compare_models", "compare_models", "every model on these points, ranked"),
    "learning_theory": Target("Learning_theory", "theory", "how many examples are enough, and why"),
    "features": Target("Features", "features", "what scaling and new features change, model by model"),
    "ask_the_room": Target("Ask_the_room", "ask_the_room", "a question to the whole room, answered on phones"),
    **{f"ex_{kind}": Target(path, f"ex_{kind}", f"exercise: {task}")
       for kind, (_, path), task in ((k, v, EXERCISE_TASKS[k]) for k, v in KINDS.items())},
}

# The exercises a teaching page offers under "Try it yourself" (its page name -> exercise kinds).
PRACTICE = {
    "playground": ("neighbours", "which_model"), "svm": ("street", "line"), "tree": ("tree",),
    "id3": ("tree", "compute"), "perceptron": ("line", "compute"), "neural_network": ("which_model",),
    "multiclass": ("compute",), "learning": ("curve",), "validation": ("setting",), "search": ("setting",),
    "bias_variance": ("curve",), "compare_models": ("which_model",), "theory": ("shatter",),
}


def _entry(name: str):
    path = PAGES[name].url_path
    return next(e for e in menu() if e.url_path == path)


def query(name: str, model: str | None = None, params: dict | None = None,
          extra: dict | None = None, focus: str | None = None) -> dict[str, str]:
    """The query a link to page ``name`` carries from this view (``extra``: more items; ``focus``:
    the model's parameter the target's curve should be about)."""
    carried = {"present"} if name.startswith("ex_") else CARRIED  # an exercise makes its own data
    items = {k: v for k, v in settings.link_items().items() if k in carried} | (extra or {})
    target = PAGES[name]
    if model in target.models:
        items.update(target.items(model, params or {}))
        if focus and target.focus and any(p.name == focus for p in MODELS[model].params):
            items[target.focus] = MODELS[model].param(focus).link
    return items


def link(name: str, model: str | None = None, params: dict | None = None, label: str | None = None,
         where=None, extra: dict | None = None, focus: str | None = None) -> None:
    """One link to page ``name`` carrying this view."""
    entry = _entry(name)
    st.session_state.setdefault(LINKED, []).append(name)
    items = query(name, model, params, extra, focus)
    (where or st).page_link(entry.file, label=label or f"**{entry.label}**: {PAGES[name].answers}",
                            icon=":material/arrow_forward:", query_params=items or None)


def _others(names, skip_linked: bool = True) -> list[str]:
    """``names`` less this page and (``skip_linked``) the pages already linked in this run."""
    here, linked = settings.current_page(), st.session_state.get(LINKED, []) if skip_linked else []
    return [n for n in dict.fromkeys(names) if PAGES[n].page_name != here and n not in linked]


def see(reading: Reading, model: str | None = None, params: dict | None = None) -> None:
    """The "What you see" block: the reading's sentences, then a link to each page that shows why."""
    if not reading.sentences:
        return
    with st.container(border=True, key="what_you_see"):
        st.markdown(":material/visibility: **What you see.** " + reading.text)
        # not filtered by the run's earlier links: a fragment (a slider's part of the page) that
        # reruns alone draws this block again, with the links the full run recorded
        for name in _others(reading.pages, skip_linked=False):
            link(name, model, params, focus=reading.knob)


def next_pages(*names: str, model: str | None = None, params: dict | None = None) -> None:
    """Two to four links to the pages that answer this page's next question, then the exercises
    that practise this page's topic."""
    names = _others(names)
    if names:
        st.markdown("**Where next**")
        for name in names:
            link(name, model, params)
    practice()


def practice() -> None:
    """"Try it yourself": links to this page's exercises (``PRACTICE``) whose page exists."""
    files = {e.url_path for e in menu()}
    kinds = [k for k in PRACTICE.get(settings.current_page() or "", ()) if KINDS[k][1] in files]
    if kinds:
        st.markdown("**Try it yourself**")
        for kind in kinds:
            link(f"ex_{kind}", label=f"**{KINDS[kind][0]}**: {EXERCISE_TASKS[kind]}", extra={})
