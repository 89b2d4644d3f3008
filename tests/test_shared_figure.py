"""A figure shared by every session on one link (``ui.core.charts.shared_figure``) is built once per key."""

import numpy as np
import plotly.graph_objects as go

from ui.core import charts


def test_a_shared_figure_is_built_once_per_key():
    calls = []

    def build():
        calls.append(1)
        return go.Figure(go.Scatter(x=np.arange(3.0), y=np.arange(3.0)))

    first = charts.shared_figure("test_figure", ("link", 1), build)
    again = charts.shared_figure("test_figure", ("link", 1), build)
    assert again is first and len(calls) == 1
    other = charts.shared_figure("test_figure", ("link", 2), build)
    assert other is not first and len(calls) == 2
    # the name is part of the key: another chart on the same link is another figure
    assert charts.shared_figure("other_figure", ("link", 1), build) is not first and len(calls) == 3
