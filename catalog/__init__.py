"""What the app offers: every model with its hyperparameters' labels, help and ranges.

The algorithms (``mlcore``) know nothing of this package; the UI, the tests and the
benchmarks read it. Keys and parameter names are public: they appear in shared links.
"""

from .models import MODELS, get
from .specs import ModelSpec, ParamSpec

__all__ = ["MODELS", "ModelSpec", "ParamSpec", "get"]
