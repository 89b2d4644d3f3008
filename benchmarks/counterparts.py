"""The scikit-learn model that solves the same problem as each registry entry.

Each entry: (mlcore hyperparameters, factory of the scikit-learn model, note).
"""

from sklearn.ensemble import (AdaBoostClassifier, BaggingClassifier, ExtraTreesClassifier,
                              RandomForestClassifier)
from sklearn.linear_model import LogisticRegression, Perceptron, RidgeClassifier, SGDClassifier
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier, NearestCentroid
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

COUNTERPARTS = {
    "knn": ({"k": 5}, lambda: KNeighborsClassifier(n_neighbors=5), "KD-tree"),
    "prototype": ({}, NearestCentroid, "NearestCentroid"),
    "gaussian_nb": ({}, GaussianNB, "GaussianNB"),
    "perceptron": ({"max_epochs": 20},
                   lambda: Perceptron(max_iter=20, tol=None, shuffle=True, random_state=0),
                   "sequential by nature"),
    "least_squares": ({}, lambda: RidgeClassifier(alpha=1e-10), "RidgeClassifier alpha~0"),
    "logistic": ({"C": 1.0}, lambda: LogisticRegression(C=1.0), "lbfgs"),
    "svm": ({"kernel": "rbf", "C": 1.0},
            lambda: SVC(kernel="rbf", C=1.0, gamma="scale"), "RBF, LIBSVM"),
    "linear_svm_sgd": ({}, lambda: SGDClassifier(loss="hinge", random_state=0), "SGD hinge"),
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
}
