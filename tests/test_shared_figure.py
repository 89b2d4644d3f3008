"""A figure shared by every session on one link (``ui.core.charts.shared_figure``) is built once
per builder and arguments."""

import numpy as np
import plotly.graph_objects as go

from ui.core import charts

BUILT = []   # one entry per figure actually built


def line(n: int):
    BUILT.append(n)
    return go.Figure(go.Scatter(x=np.arange(float(n)), y=np.arange(float(n))))


def other_line(n: int):
    BUILT.append(n)
    return go.Figure(go.Scatter(x=np.arange(float(n)), y=-np.arange(float(n))))


def test_a_shared_figure_is_built_once_per_builder_and_arguments():
    BUILT.clear()
    first = charts.shared_figure(line, 3)
    again = charts.shared_figure(line, 3)
    assert again is first and len(BUILT) == 1
    other = charts.shared_figure(line, 4)
    assert other is not first and len(BUILT) == 2
    # the builder is part of the key: another chart with the same arguments is another figure
    assert charts.shared_figure(other_line, 3) is not first and len(BUILT) == 3
