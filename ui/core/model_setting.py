"""The model picker of the pages that offer any registered model (Playground, curves).

One ``ParamSpec`` under one session key (``model``), so a model chosen on one page is the
model of the next; the link calls it ``model=``."""

from catalog.models import MODELS
from catalog.specs import ParamSpec

FAMILY_ORDER = list(dict.fromkeys(s.family for s in MODELS.values()))
MODEL_KEYS = sorted(MODELS, key=lambda k: FAMILY_ORDER.index(MODELS[k].family))
MODEL = ParamSpec("model", "choice", "knn", choices=tuple(MODEL_KEYS), label="model",
                  help="Every model of the library, grouped by family: "
                       + "; ".join(f"{f}: " + ", ".join(MODELS[k].label for k in MODEL_KEYS if MODELS[k].family == f)
                                   for f in FAMILY_ORDER))
SESSION_KEY = "model"


def label(key: str) -> str:
    return MODELS[key].label
