"""Plotly figure builders: pure functions (model, data, options) -> go.Figure.

No Streamlit here and no fitting: pages pass in fitted models and data.
"""

from .confusion import confusion_figure
from .decision import boundary_segments, decision_figure, points_figure
from .grid import DecisionGrid, evaluate_grid, grid_points, make_bounds
from .palette import class_color, class_colors, class_symbol, mix, region_tint

__all__ = [
    "DecisionGrid", "evaluate_grid", "grid_points", "make_bounds",
    "decision_figure", "points_figure", "boundary_segments", "confusion_figure",
    "class_color", "class_colors", "class_symbol", "mix", "region_tint",
]
