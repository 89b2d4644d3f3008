"""Figures of the Learning theory page assembled from its results: the PAC curves at the chosen
sample size, and the Bayes classifier beside the learned model on the same training points."""

from mlcore.theory import pac_epsilon
from ui.learning_theory.theory_texts import pac_working
from viz import decision_figure
from viz.theory import pac_figure

PAC_HEIGHT = 420   # px on a 720 px screen


def pac_plane(eps: float, delta: float, d: int):
    """(the PAC curves at the sample size ``eps``, ``delta`` and ``d`` ask for, no regions grid,
    None) for ``ui.live.live_chart.shared_chart``: built once per server and setting, so the
    curves at the neighbouring positions of a slider can be drawn ahead; its height is the
    container's (``ui.core.layout.screen_height``)."""
    h_size, m, _ = pac_working(eps, delta, d)
    fig = pac_figure(m, pac_epsilon(m, delta, h_size), delta, d, m_max=max(1000, 2 * m), height=PAC_HEIGHT)
    fig.layout.height = None
    return fig, None, None


def bayes_planes(bayes, model, label: str, data):
    """(the Bayes classifier's regions, the learned model's), both over ``data``'s training points."""
    bounds = data.bounds
    return (decision_figure(bayes, data.X_train, data.y_train, bounds=bounds, height=430,
                            title="Bayes classifier (true density)", show_confidence=True),
            decision_figure(model, data.X_train, data.y_train, bounds=bounds, height=430,
                            title=f"{label}, learned"))
