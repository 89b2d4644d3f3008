"""The ID3 page's naive Bayes section: a new row picked value by value, every class's score
P(c) · Π_j P(x_j | c) and posterior, and which factor decides them (``ui.reading.bayes_reading``)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from catalog.specs import ParamSpec
from mlcore.naive_bayes import CategoricalNB
from ui import reading
from ui.core import lectures, presets, settings
from ui.id3 import worked_examples

LAPLACE = ParamSpec("laplace", "bool", False, label="Laplace smoothing",
                    help="Off: maximum-likelihood counts, so an unseen value zeroes a class. "
                         "On: every count + 1 and each denominator + V (the number of values).")
NB_PREFIX = "nb_"
NEW_DAY = {"outlook": "sunny", "temperature": "cool", "humidity": "high", "wind": "strong"}


def naive_bayes_section(X, y, features: list[str], target_name: str, source: str, built_in: bool) -> bool:
    """The section, drawn; returns whether Laplace smoothing is on (for the page's code)."""
    st.subheader("Naive Bayes on the same table", anchor=False)
    presets.row("id3_nb", lectures.NAIVE_BAYES, lectures.NAIVE_BAYES_HELP, say_changed=True)
    st.markdown("Score each class by its prior times one likelihood per feature, "
                "score(c) = P(c) · Π_j P(x_j | c), and predict the largest. Pick a new row:")
    b_cols = st.columns([1] * len(features) + [1.4])
    new_row = []
    for col, j in zip(b_cols, range(len(features)), strict=False):
        values = tuple(sorted(set(X[:, j])))
        day = NEW_DAY.get(features[j]) if source == "tennis" else None
        value = ParamSpec(f"{NB_PREFIX}{features[j]}", "choice", day if day in values else values[0],
                          choices=values, label=features[j])
        new_row.append(settings.setting(value, f"nb_{source}_{features[j]}", where=col,
                                        url=value.name if built_in else None))
    for name in settings.untaken(NB_PREFIX):
        settings.report(f"**{name}** = `{settings.take(name)}`: this table has no feature "
                        f"{name[len(NB_PREFIX):]!r} (its features: {', '.join(features)}). Left out.")
    laplace = settings.setting(LAPLACE, "nb_laplace", where=b_cols[-1])
    nb = CategoricalNB(alpha=1.0 if laplace else 0.0).fit(X, y)
    scores = nb.scores(np.array([new_row], dtype=object))[0]
    factors = [[float(nb.category_probs_[j][new_row[j]][k]) for j in range(len(features))]
               for k in range(len(nb.classes_))]
    nb_rows = {"class": [str(c) for c in nb.classes_], "P(c)": nb.class_prior_}
    for j, name in enumerate(features):
        nb_rows[f"P({name}={new_row[j]} | c)"] = nb.category_probs_[j][new_row[j]]
    nb_rows["score"] = scores
    total = scores.sum()
    if total > 0:
        nb_rows["posterior"] = scores / total
    st.dataframe(pd.DataFrame(nb_rows), hide_index=True, width="stretch",
                 column_config={k: st.column_config.NumberColumn(format="%.4f") for k in nb_rows if k != "class"})
    if total > 0:
        best = int(np.argmax(scores))
        st.markdown(f"Prediction: **{nb.classes_[best]}**, with posterior {scores[best] / total:.3f}. "
                    "The scores are computed as exp(Σ log) so many small factors never underflow.")
    else:
        st.warning("Every class scores 0: this row holds a value some class never showed in training. "
                   "Switch on Laplace smoothing.", icon=":material/info:")
    said = reading.bayes_reading(tuple(map(str, nb.classes_)), tuple(features), tuple(new_row),
                                 [float(p) for p in nb.class_prior_], factors, target_name, laplace)
    if said.sentences:
        with st.container(border=True, key="nb_decides"):
            st.markdown(":material/balance: **Which factor decides.** " + said.text)
    with st.expander("Every count and fraction of the table, and the scores factor by factor"):
        worked_examples.show_nb_counts(nb, features, target_name, new_row)
    return laplace
