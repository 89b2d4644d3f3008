"""The single list of what the app offers. Pages build widgets from it and the
contract tests run every entry through the same checks.

Adding a model: write the class, add a ``ModelSpec`` below. Model keys and link keys
(``ParamSpec.link``, by default the parameter's name) are public API (they appear in shared
URLs): never rename them. A parameter renamed to scikit-learn's name keeps its old link key.
"""

from __future__ import annotations

from dataclasses import replace

from mlcore.base import ValidationError
from mlcore.ensemble import (
    AdaBoostClassifier,
    BaggingClassifier,
    ExtraTreesClassifier,
    RandomForestClassifier,
)
from mlcore.linear_model import KernelPerceptron, LeastSquaresClassifier, LogisticRegression, Perceptron
from mlcore.multiclass import OneVsOneClassifier, OneVsRestClassifier, OutputCodeClassifier
from mlcore.naive_bayes import GaussianNB
from mlcore.neighbors import KNeighborsClassifier, PrototypeClassifier
from mlcore.neural_network import MLPClassifier
from mlcore.svm import SVC, LinearSVC, LinearSVMSGD
from mlcore.tree import DecisionTreeClassifier

from .specs import ModelSpec, ParamSpec

PROBA, DECISION, HISTORY, MULTICLASS = "proba", "decision", "history", "multiclass"

# Hyperparameters that several models share, written once.
_CRITERION = ParamSpec("criterion", "choice", "gini", choices=("gini", "entropy", "misclassification"),
                       help="How mixed a node is: Gini 1 - sum p_k^2, entropy -sum p_k log2 p_k, "
                            "or misclassification 1 - max p_k.")
# max_depth None means no limit (grow until the leaves are pure); it is a choice, not an int
# slider, because a ParamSpec int cannot hold "unlimited".
_MAX_DEPTH = ParamSpec("max_depth", "choice", None, choices=(None, *range(1, 21)), label="max depth",
                       help="How many questions deep a tree may grow. "
                            "None: until every leaf is pure or too small to split.")
_MIN_LEAF = ParamSpec("min_samples_leaf", "int", 1, 1, 50, label="min samples per leaf",
                      help="Every split must leave at least this many training points on each side.")
_N_TREES = ParamSpec("n_estimators", "int", 100, 1, 300, label="trees",
                     help="How many trees average their class frequencies.")
_KERNEL = ParamSpec("kernel", "choice", "rbf", choices=("rbf", "linear", "poly", "sigmoid", "laplacian"),
                    help="k(x, z): linear x·z, poly (gamma x·z + coef0)^degree, rbf exp(-gamma ||x - z||^2), "
                         "sigmoid tanh(gamma x·z + coef0), laplacian exp(-gamma ||x - z||_1) (city-block distance).")
_GAMMA = ParamSpec("gamma", "float", 1.0, 1e-2, 1e2, log=True, label="gamma",
                   help="Kernel width: for rbf gamma = 1 / (2 sigma^2). "
                        "Large gamma: each point influences only its close neighbours, a wiggly boundary.",
                   when={"kernel": ("rbf", "poly", "sigmoid", "laplacian")})
_DEGREE = ParamSpec("degree", "int", 3, 1, 10, label="degree",
                    help="Degree of the polynomial kernel: 1 is a line, 2 conics, higher degrees bend more.",
                    when={"kernel": ("poly",)})
_COEF0 = ParamSpec("coef0", "float", 0.0, -5.0, 5.0, step=0.1, label="coef0",
                   help="The constant in (gamma x·z + coef0): with coef0 > 0 lower-degree terms enter the polynomial.",
                   when={"kernel": ("poly", "sigmoid")})


def _bagged_model(arguments: dict) -> dict:
    """Bagging's ``base`` (a catalog key, as in links) becomes ``estimator=`` that model with its defaults."""
    arguments = dict(arguments)
    key = arguments.pop("base")
    if key not in MODELS or MODELS[key].cls is BaggingClassifier:
        others = ", ".join(k for k in MODELS if k != "bagging")
        raise ValidationError(f"base={key!r} is not a model bagging can copy; choose one of {others}")
    arguments["estimator"] = MODELS[key].make()
    return arguments


def _layered(arguments: dict) -> dict:
    """The network's ``hidden_layers`` x ``hidden_units`` (two sliders, two link items) become
    ``hidden_layer_sizes``: that many layers of that many units."""
    arguments = dict(arguments)
    arguments["hidden_layer_sizes"] = (arguments.pop("hidden_units"),) * arguments.pop("hidden_layers")
    return arguments


def _boosted_tree(arguments: dict) -> dict:
    """AdaBoost's ``max_depth`` (a URL parameter) is its trees' depth: ``estimator__max_depth``."""
    arguments = dict(arguments)
    arguments["estimator"] = MODELS["tree"].make()
    arguments["estimator__max_depth"] = arguments.pop("max_depth")
    return arguments


_WRAPPERS = (OneVsRestClassifier, OneVsOneClassifier, OutputCodeClassifier)


def _wrapped_model(arguments: dict) -> dict:
    """A multi-class wrapper's ``base`` (a catalog key, as in links) becomes ``estimator=`` that model."""
    arguments = dict(arguments)
    key = arguments.pop("base")
    if key not in MODELS or MODELS[key].cls in (*_WRAPPERS, BaggingClassifier):
        others = ", ".join(k for k in MODELS if MODELS[k].cls not in _WRAPPERS)
        raise ValidationError(f"base={key!r} is not a two-class model to wrap; choose one of {others}")
    arguments["estimator"] = MODELS[key].make()
    return arguments


# The two-class models a multi-class wrapper can copy (each with its default settings).
_BASE = ParamSpec("base", "choice", "logistic",
                  choices=("logistic", "svm", "perceptron", "least_squares", "gaussian_nb", "tree", "knn",
                           "prototype", "linear_svm_sgd", "kernel_perceptron"),
                  label="two-class model",
                  help="The model every binary machine copies, with its default settings; "
                       "each machine learns one two-class problem.")

_SPECS = [
    ModelSpec(
        key="knn", label="k nearest neighbours", family="Instance-based",
        cls=KNeighborsClassifier, capabilities=frozenset({PROBA, MULTICLASS}),
        summary="Vote among the k training points closest to the query.",
        params=(
            ParamSpec("n_neighbors", "int", 5, 1, 50, label="k (neighbours)", link="k",
                      help="How many nearest training points vote. "
                           "k = 1 memorises the data; large k smooths the boundary."),
            ParamSpec("metric", "choice", "euclidean", choices=("euclidean", "manhattan", "minkowski"),
                      help="How distance is measured: straight line, city blocks, or the general Minkowski q-norm."),
            ParamSpec("p", "float", 3.0, 1.0, 10.0, step=0.5, label="q (Minkowski power)",
                      help="The q in (sum |x_i - z_i|^q)^(1/q). q = 1 is Manhattan, q = 2 Euclidean.",
                      when={"metric": ("minkowski",)}),
            ParamSpec("weights", "choice", "uniform", choices=("uniform", "distance", "distance_squared"),
                      help="uniform: one vote each. distance: vote 1/d. "
                           "distance_squared: vote 1/d^2, so close points dominate."),
        ),
    ),
    ModelSpec(
        key="prototype", label="Learning with prototypes", family="Instance-based",
        cls=PrototypeClassifier, capabilities=frozenset({DECISION, MULTICLASS}),
        summary="Each class is its mean; predict the nearest mean.",
        params=(
            ParamSpec("metric", "choice", "euclidean", choices=("euclidean", "manhattan", "mahalanobis"),
                      help="Euclidean gives the perpendicular bisector of the means; "
                           "Mahalanobis bends it to each class's spread."),
        ),
    ),
    ModelSpec(
        key="gaussian_nb", label="Gaussian naive Bayes", family="Probabilistic",
        cls=GaussianNB, capabilities=frozenset({PROBA, DECISION, MULTICLASS}),
        summary="Each feature is a normal distribution per class; features independent given the class.",
        params=(
            ParamSpec("var_smoothing", "float", 1e-9, 1e-12, 1.0, log=True, label="variance smoothing",
                      help="Adds this fraction of the largest feature variance to every variance, "
                           "so a flat feature cannot divide by zero."),
        ),
    ),
    ModelSpec(
        key="perceptron", label="Perceptron", family="Linear",
        cls=Perceptron, capabilities=frozenset({DECISION, HISTORY, MULTICLASS}),
        summary="Online mistake-driven updates w += lr·y·x (one-vs-all for more classes).",
        fixed={"random_state": 0},
        params=(
            ParamSpec("max_iter", "int", 20, 1, 200, label="epochs", link="max_epochs",
                      help="Passes over the training data. Stops early once an epoch makes no mistake."),
            ParamSpec("eta0", "float", 1.0, 1e-3, 10.0, log=True, label="learning rate", link="lr",
                      help="Step size of each update. "
                           "Starting from w = 0 it only rescales w, so the boundary is the same."),
            ParamSpec("pocket", "bool", False, label="pocket",
                      help="Keep the weights with the fewest training mistakes seen so far: "
                           "sensible on data that is not separable."),
        ),
    ),
    ModelSpec(
        key="least_squares", label="Least-squares classifier", family="Linear",
        cls=LeastSquaresClassifier, capabilities=frozenset({DECISION, MULTICLASS}),
        summary="Regress ±1 targets with the pseudo-inverse; predict the sign (one-vs-all for more classes).",
        params=(),
    ),
    ModelSpec(
        key="logistic", label="Logistic regression", family="Linear",
        cls=LogisticRegression, capabilities=frozenset({PROBA, DECISION, HISTORY, MULTICLASS}),
        summary="Maximise the likelihood of a sigmoid (softmax for K > 2) model, with a penalty.",
        params=(
            ParamSpec("C", "float", 1.0, 1e-3, 1e4, log=True,
                      help="Inverse regularisation strength: small C keeps weights small (wide, soft boundary), "
                           "large C fits the data harder.",
                      when={"penalty": ("l2", "l1")}),
            ParamSpec("penalty", "choice", "l2", choices=("l2", "l1", "none"),
                      help="l2 shrinks all weights, l1 pushes some exactly to zero, "
                           "none maximises the likelihood alone."),
        ),
    ),
    ModelSpec(
        key="tree", label="Decision tree (CART)", family="Trees",
        cls=DecisionTreeClassifier, capabilities=frozenset({PROBA, MULTICLASS}),
        summary="Ask yes/no questions x_f <= t, each chosen to make the two groups as pure as possible.",
        fixed={"random_state": 0},
        params=(
            _CRITERION,
            _MAX_DEPTH,
            ParamSpec("min_samples_split", "int", 2, 2, 50, label="min samples to split",
                      help="A node with fewer training points than this becomes a leaf."),
            _MIN_LEAF,
            ParamSpec("min_impurity_decrease", "float", 0.0, 0.0, 0.2, step=0.001, format="%.3f",
                      label="min impurity decrease",
                      help="Split only if the impurity drops by at least this, "
                           "weighted by the node's share of the points (scikit-learn's rule)."),
            ParamSpec("gain_ratio", "bool", False, label="gain ratio",
                      help="Choose splits by gain / split information (C4.5). "
                           "On yes/no splits this favours cuts that peel off a small group."),
        ),
    ),
    ModelSpec(
        key="bagging", label="Bagging", family="Ensembles",
        cls=BaggingClassifier, capabilities=frozenset({PROBA, MULTICLASS}),
        summary="Fit copies of a base model on bootstrap samples and average their votes.",
        fixed={"random_state": 0, "oob_score": True},
        build=_bagged_model,
        params=(
            ParamSpec("base", "choice", "tree",
                      choices=("tree", "logistic", "gaussian_nb", "prototype", "least_squares"),
                      label="base model",
                      help="The model every member copies (with its default settings). "
                           "Unstable models such as deep trees gain the most from bagging."),
            ParamSpec("n_estimators", "int", 10, 1, 50, label="members",
                      help="How many bootstrap copies vote. More members: a smoother, steadier vote."),
            ParamSpec("max_samples", "float", 1.0, 0.1, 1.0, step=0.05, label="sample fraction",
                      help="Each member sees this fraction of n points, drawn at random."),
            ParamSpec("bootstrap", "bool", True, label="bootstrap",
                      help="Draw with replacement (about 63% distinct points per member) or without (pasting)."),
        ),
    ),
    ModelSpec(
        key="random_forest", label="Random forest", family="Ensembles",
        cls=RandomForestClassifier, capabilities=frozenset({PROBA, MULTICLASS}),
        summary="Bagged trees that each look at a random subset of features at every split.",
        fixed={"random_state": 0, "oob_score": True},
        params=(
            _N_TREES,
            ParamSpec("max_features", "choice", "sqrt", choices=("sqrt", "log2", None), label="features per split",
                      help="Features each split may try: sqrt(d), log2(d) or all (None = plain bagged trees). "
                           "On the plane sqrt and log2 are 1 of 2."),
            _MAX_DEPTH,
            _MIN_LEAF,
            _CRITERION,
            ParamSpec("bootstrap", "bool", True, label="bootstrap",
                      help="Grow each tree on n draws with replacement; needed for the out-of-bag score."),
        ),
    ),
    ModelSpec(
        key="extra_trees", label="Extra-trees", family="Ensembles",
        cls=ExtraTreesClassifier, capabilities=frozenset({PROBA, MULTICLASS}),
        summary="Like a forest, but every split uses a random threshold per feature: smoother, faster.",
        fixed={"random_state": 0, "oob_score": True},
        params=(
            _N_TREES,
            ParamSpec("max_features", "choice", "sqrt", choices=("sqrt", "log2", None), label="features per split",
                      help="Features each split may try, each with one random threshold: sqrt(d), log2(d) or all."),
            _MAX_DEPTH,
            _MIN_LEAF,
            _CRITERION,
            ParamSpec("bootstrap", "bool", False, label="bootstrap",
                      help="Off by default: every tree sees all points. "
                           "On: bootstrap samples and an out-of-bag score."),
        ),
    ),
    ModelSpec(
        key="adaboost", label="AdaBoost (SAMME)", family="Ensembles",
        cls=AdaBoostClassifier, capabilities=frozenset({PROBA, DECISION, HISTORY, MULTICLASS}),
        summary="Trees added one at a time, each trained on the points the previous ones got wrong.",
        fixed={"random_state": 0},
        build=_boosted_tree,
        params=(
            ParamSpec("n_estimators", "int", 50, 1, 200, label="rounds",
                      help="Most boosting rounds; stops early when a tree is perfect or no better than chance."),
            ParamSpec("max_depth", "int", 1, 1, 5, label="tree depth",
                      help="Depth of every weak learner: 1 = stumps (one threshold each)."),
            ParamSpec("learning_rate", "float", 1.0, 0.01, 10.0, log=True, label="learning rate",
                      help="Multiplies every learner's say alpha_t = lr (log((1 - err)/err) + log(K - 1)); "
                           "small values boost gently."),
        ),
    ),
    # --- SVM and kernels (issue 3) ---
    ModelSpec(
        key="svm", label="Support vector machine", family="Kernel",
        cls=SVC, capabilities=frozenset({DECISION, MULTICLASS}),
        summary="The widest margin between the classes, solved exactly in the dual by SMO; any kernel.",
        # SMO stops after this many steps (about 1 s at n = 500, 2 s at n = 2000) with the reason in
        # fit_status_ (hard margin: an error), so no slider position can hang the page
        fixed={"max_iter": 30_000},
        params=(
            ParamSpec("C", "float", 1.0, 1e-2, 1e3, log=True, allow_inf=True,
                      help="Price of each unit of slack. Small C: wide margin, many support vectors. "
                           "Large C: few violations. inf: hard margin (no slack at all)."),
            _KERNEL,
            _GAMMA,
            _DEGREE,
            _COEF0,
            ParamSpec("tol", "float", 1e-3, 1e-5, 1e-1, log=True, label="tolerance",
                      help="SMO stops when the largest KKT violation m(alpha) - M(alpha) is below this "
                           "(LIBSVM's default 1e-3)."),
            ParamSpec("multiclass", "choice", "ovo", choices=("ovo", "ovr"), label="multi-class",
                      help="ovo: one machine per pair of classes and a vote (as LIBSVM). "
                           "ovr: one machine per class against the rest."),
        ),
    ),
    ModelSpec(
        key="linear_svm_sgd", label="Linear SVM (Pegasos SGD)", family="Kernel",
        cls=LinearSVMSGD, capabilities=frozenset({DECISION, HISTORY, MULTICLASS}),
        summary="Hinge loss plus (λ/2)‖w‖² minimised by sub-gradient steps of size 1/(λt); the primal route.",
        fixed={"random_state": 0},
        params=(
            ParamSpec("lam", "float", 0.01, 1e-4, 1.0, log=True, label="lambda (regularisation)",
                      help="Weight of (λ/2)‖w‖². λ = 1/(C n): small λ is a large C (harder fit, slower to converge)."),
            ParamSpec("max_epochs", "int", 50, 1, 200, label="epochs",
                      help="Passes over the shuffled training data; "
                           "the model is the average of the iterates of the second half."),
            ParamSpec("batch_size", "int", 8, 1, 256, label="batch size",
                      help="Points per sub-gradient step. 1 is classic Pegasos; "
                           "larger batches take fewer, smoother steps."),
        ),
    ),
    ModelSpec(
        key="kernel_perceptron", label="Kernel perceptron", family="Kernel",
        cls=KernelPerceptron, capabilities=frozenset({DECISION, HISTORY, MULTICLASS}),
        summary="The perceptron in dual form: alpha_i counts the mistakes on point i, "
                "f(x) = sum alpha_i y_i (K(x_i, x) + 1).",
        params=(
            _KERNEL,
            _GAMMA,
            _DEGREE,
            replace(_COEF0, default=1.0),
            ParamSpec("max_epochs", "int", 20, 1, 200, label="epochs",
                      help="Sweeps over the data; stops early after a sweep with no mistake."),
        ),
    ),
    # --- Multi-class (issue 10) ---
    ModelSpec(
        key="linear_svc_cs", label="Multi-class linear SVM (Crammer–Singer)", family="Kernel",
        cls=LinearSVC, capabilities=frozenset({DECISION, MULTICLASS}),
        summary="One weight vector per class; the true class must beat every other by a margin of 1. "
                "Solved to a certified duality gap.",
        fixed={"multi_class": "crammer_singer"},
        params=(
            ParamSpec("C", "float", 1.0, 1e-3, 1e3, log=True,
                      help="Price of each point's largest margin violation max_k (1 + w_k·x - w_y·x). "
                           "Small C: small weights, wide margins."),
            ParamSpec("tol", "float", 1e-4, 1e-8, 1e-1, log=True, label="tolerance",
                      help="Stop when the duality gap P - D is at most tol · P: "
                           "the objective is then within that fraction of its minimum."),
        ),
    ),
    ModelSpec(
        key="one_vs_rest", label="One-vs-rest", family="Multi-class",
        cls=OneVsRestClassifier, capabilities=frozenset({DECISION, MULTICLASS}),
        summary="One two-class machine per class against all the others; the largest score wins.",
        build=_wrapped_model,
        params=(_BASE,),
    ),
    ModelSpec(
        key="one_vs_one", label="One-vs-one", family="Multi-class",
        cls=OneVsOneClassifier, capabilities=frozenset({DECISION, MULTICLASS}),
        summary="One two-class machine per pair of classes; each votes, the most votes win.",
        build=_wrapped_model,
        params=(_BASE,),
    ),
    ModelSpec(
        key="output_code", label="Error-correcting output codes", family="Multi-class",
        cls=OutputCodeClassifier, capabilities=frozenset({DECISION, MULTICLASS}),
        summary="Each class a code word of ±1 bits, one machine per bit; predict the class whose word is nearest.",
        fixed={"random_state": 0},
        build=_wrapped_model,
        params=(
            _BASE,
            ParamSpec("code", "choice", "random", choices=("random", "ovr", "exhaustive", "notes"),
                      help="random: ±1 bits drawn at random; ovr: one-vs-all (K bits); "
                           "exhaustive: every split of the classes in two; "
                           "notes: the lecture's 8-class 6-bit code (8 classes only)."),
            ParamSpec("code_size", "float", 1.5, 0.5, 4.0, step=0.5, label="bits per class",
                      help="The random code has int(code_size · K) bits: "
                           "more bits, more machines, more errors corrected.",
                      when={"code": ("random",)}),
            ParamSpec("decoding", "choice", "hamming", choices=("hamming", "loss"),
                      help="hamming: the class whose word differs in fewest bits from the machines' signs; "
                           "loss: the smallest hinge loss sum max(0, 1 - M_kl f_l(x)) on the scores."),
        ),
    ),
    # --- Neural networks (issue 10) ---
    ModelSpec(
        key="mlp", label="Neural network (MLP)", family="Neural networks",
        cls=MLPClassifier, capabilities=frozenset({PROBA, MULTICLASS}),
        summary="Layers of units f(Wx + b) and a softmax output, trained by back-propagation (SGD or Adam).",
        # Few weight copies for the replay: a fit cached by the Playground stays small (4 x 64 units:
        # 2 MB); the Neural network page asks for more.
        fixed={"random_state": 0, "max_snapshots": 20},
        build=_layered,
        params=(
            ParamSpec("hidden_layers", "int", 2, 1, 4, label="hidden layers",
                      help="How many hidden layers, each of the same number of units."),
            ParamSpec("hidden_units", "int", 8, 1, 64, label="units per layer",
                      help="Units (neurons) in each hidden layer. More units: a more flexible boundary."),
            ParamSpec("activation", "choice", "relu", choices=("relu", "tanh", "logistic", "identity"),
                      help="f in each hidden unit: relu max(0, z), tanh, logistic 1/(1 + e^-z), identity z "
                           "(then the whole network is linear)."),
            ParamSpec("solver", "choice", "adam", choices=("adam", "sgd"),
                      help="adam: steps scaled per weight by running gradient moments. sgd: plain steps "
                           "-eta·gradient with Nesterov momentum 0.9."),
            ParamSpec("learning_rate_init", "float", 0.01, 1e-4, 1.0, log=True, label="learning rate",
                      help="The step size eta of every update. Too large: the loss jumps or diverges."),
            ParamSpec("alpha", "float", 1e-4, 1e-6, 10.0, log=True, label="alpha (L2)",
                      help="Weight of the penalty (alpha / 2m)·sum ||W||²: "
                           "larger alpha, smaller weights, a smoother boundary."),
            ParamSpec("batch_size", "int", 32, 1, 256, label="batch size",
                      help="Points per update. 1 is pure stochastic gradient; "
                           "larger batches take fewer, steadier steps."),
            ParamSpec("max_iter", "int", 200, 1, 500, label="epochs",
                      help="Passes over the training data at most; training stops earlier once the loss has not "
                           "improved by 1e-4 for 10 epochs."),
        ),
    ),
]

MODELS: dict[str, ModelSpec] = {s.key: s for s in _SPECS}


def get(key: str) -> ModelSpec:
    try:
        return MODELS[key]
    except KeyError:
        raise KeyError(f"no model {key!r}; choose one of {', '.join(MODELS)}") from None
