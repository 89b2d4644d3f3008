"""The scikit-learn model that solves the same problem as each registry entry.

Each entry: (mlcore hyperparameters, factory of the scikit-learn model, note).
"""

from sklearn.ensemble import (
                              AdaBoostClassifier,
                              BaggingClassifier,
                              ExtraTreesClassifier,
                              RandomForestClassifier,
)
from sklearn.linear_model import LogisticRegression, Perceptron, RidgeClassifier, SGDClassifier
from sklearn.multiclass import OneVsOneClassifier, OneVsRestClassifier, OutputCodeClassifier
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier, NearestCentroid
from sklearn.neural_network import MLPClassifier
from sklearn.svm import SVC, LinearSVC
from sklearn.tree import DecisionTreeClassifier

COUNTERPARTS = {
    "knn": ({"n_neighbors": 5}, lambda: KNeighborsClassifier(n_neighbors=5), "KD-tree"),
    "prototype": ({}, NearestCentroid, "NearestCentroid"),
    "gaussian_nb": ({}, GaussianNB, "GaussianNB"),
    "perceptron": ({"max_iter": 20},
                   lambda: Perceptron(max_iter=20, tol=None, shuffle=True, random_state=0),
                   "sequential by nature"),
    "least_squares": ({}, lambda: RidgeClassifier(alpha=1e-10), "RidgeClassifier alpha~0"),
    "logistic": ({"C": 1.0}, lambda: LogisticRegression(C=1.0), "lbfgs"),
    "svm": ({"kernel": "rbf", "C": 1.0, "gamma": 1.0},
            lambda: SVC(kernel="rbf", C=1.0, gamma=1.0, tol=1e-3), "RBF gamma 1, LIBSVM"),
    # Same objective (hinge + lambda/2 ||w||^2), different optimiser: Pegasos
    # averages mini-batch sub-gradient steps, SGDClassifier uses its own schedule.
    "linear_svm_sgd": ({"lam": 0.01},
                       lambda: SGDClassifier(loss="hinge", alpha=0.01, max_iter=50, tol=None,
                                             random_state=0), "Pegasos vs SGDClassifier, 50 epochs"),
    "tree": ({}, lambda: DecisionTreeClassifier(random_state=0), "CART gini"),
    "random_forest": ({"n_estimators": 100, "max_depth": 8},
                      lambda: RandomForestClassifier(100, max_depth=8, n_jobs=1, random_state=0),
                      "100 trees depth 8, n_jobs=1"),
    "extra_trees": ({"n_estimators": 100, "max_depth": 8},
                    lambda: ExtraTreesClassifier(100, max_depth=8, n_jobs=1, random_state=0),
                    "100 trees depth 8, n_jobs=1"),
    "adaboost": ({"n_estimators": 50, "max_depth": 1},
                 lambda: AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=50,
                                            random_state=0), "50 stumps, SAMME"),
    "bagging": ({"n_estimators": 10},
                lambda: BaggingClassifier(DecisionTreeClassifier(), n_estimators=10, random_state=0),
                "10 trees"),
    "linear_svc_cs": ({"C": 1.0, "tol": 1e-4},
                      lambda: LinearSVC(C=1.0, multi_class="crammer_singer", tol=1e-4),
                      "Crammer–Singer: interior point vs LIBLINEAR's dual coordinate method"),
    "one_vs_rest": ({"base": "logistic"}, lambda: OneVsRestClassifier(LogisticRegression(C=1.0)),
                    "around logistic regression"),
    "one_vs_one": ({"base": "logistic"}, lambda: OneVsOneClassifier(LogisticRegression(C=1.0)),
                   "around logistic regression"),
    "output_code": ({"base": "logistic"},
                    lambda: OutputCodeClassifier(LogisticRegression(C=1.0), code_size=1.5, random_state=0),
                    "random codes (each library draws its own)"),
    # Same network, loss and optimiser; the same epochs (no early stop), other random draws.
    "mlp": ({"hidden_layers": 2, "hidden_units": 16, "solver": "adam", "max_iter": 200, "batch_size": 200},
            lambda: MLPClassifier((16, 16), solver="adam", learning_rate_init=0.01, batch_size=200, max_iter=200,
                                  random_state=0),
            "2 x 16 relu, adam, <= 200 epochs, batch 200"),
}
