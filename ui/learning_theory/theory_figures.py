"""Figures of the Learning theory page assembled from its results: the PAC curves at the chosen
sample size, and the Bayes classifier beside the learned model on the same training points."""

from mlcore.theory import pac_epsilon
from viz import decision_figure
from viz.theory import pac_figure


def pac_curves(m: int, delta: float, h_size: int, d: int):
    """ε(m) for several δ and several d, with the sample size m the tab found marked."""
    return pac_figure(m, pac_epsilon(m, delta, h_size), delta, d, m_max=max(1000, 2 * m))


def bayes_planes(bayes, model, label: str, data):
    """(the Bayes classifier's regions, the learned model's), both over ``data``'s training points."""
    bounds = data.bounds
    return (decision_figure(bayes, data.X_train, data.y_train, bounds=bounds, height=430,
                            title="Bayes classifier (true density)", show_confidence=True),
            decision_figure(model, data.X_train, data.y_train, bounds=bounds, height=430,
                            title=f"{label}, learned"))
