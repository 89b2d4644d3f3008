"""ID3 on a table: the gain of every feature at every node, on the tennis or kids-play data or a CSV."""

import io

import numpy as np
import pandas as pd
import streamlit as st

from catalog.specs import ParamSpec
from mlcore import ValidationError
from mlcore.datasets import TABLES
from mlcore.naive_bayes import CategoricalNB
from mlcore.tree import ID3Classifier, OneRuleClassifier
from ui import state
from ui.layout import page_setup, settings_from_url, settings_to_url
from viz.tree import gains_figure, id3_diagram

page_setup("ID3 on a table")

TABLE_LABELS = {"tennis": "Play tennis (14 days)", "kids_play": "Do kids play outside? (14 rows)",
                "upload": "Upload a CSV"}
SCORES = {"gain": "information gain (entropy, log₂)", "ratio": "gain ratio (C4.5)", "gini": "Gini gain"}
MAX_ROWS, MAX_COLS, MAX_VALUES = 500, 12, 20
CHART_CONFIG = {"displayModeBar": False}

# Settings the link carries, validated like any input. The row to follow, the node shown and
# the naive Bayes row (``nb_<feature>=<value>``) are checked once the table is known.
SETTINGS = (
    ParamSpec("table", "choice", "tennis", choices=tuple(TABLE_LABELS), label="table"),
    ParamSpec("score", "choice", "gain", choices=tuple(SCORES), label="split score"),
    ParamSpec("laplace", "bool", False, label="Laplace smoothing"),
)
KEYS = {"table": "id3_table", "score": "id3_score", "laplace": "nb_laplace"}
LATER = ("row", "node")
NB_PREFIX = "nb_"


@st.cache_data(max_entries=8, show_spinner=False)
def read_csv(raw: bytes):
    """A small categorical table from CSV bytes: (frame, None) or (None, message)."""
    try:
        frame = pd.read_csv(io.BytesIO(raw), dtype=str, keep_default_na=False, skipinitialspace=True)
    except (ValueError, UnicodeDecodeError, pd.errors.ParserError) as err:
        return None, f"Could not read the file as CSV: {err}"
    frame.columns = [str(c).strip() for c in frame.columns]
    if frame.shape[1] < 2:
        return None, "The CSV needs at least two columns: one or more features and the class."
    if not 2 <= len(frame) <= MAX_ROWS:
        return None, f"The CSV has {len(frame)} rows; use 2 to {MAX_ROWS}."
    if frame.shape[1] > MAX_COLS:
        return None, f"The CSV has {frame.shape[1]} columns; use at most {MAX_COLS}."
    frame = frame.apply(lambda col: col.str.strip())
    if (frame == "").any().any():
        return None, "Some cells are empty: fill them or remove those rows."
    return frame, None


def gain_formula(node, cand, criterion: str, ratio: bool) -> str:
    """Gain(S, A) = I(S) - sum_v |S_v|/|S| I(S_v), with the numbers of this node."""
    total = node.counts.sum()
    sym = "H" if criterion == "entropy" else "G"
    parts = []
    for counts in cand.counts.values():
        n = counts.sum()
        if n == 0:
            continue
        p = counts / n
        if criterion == "entropy":
            imp = float(-np.sum(p[p > 0] * np.log2(p[p > 0])))
        else:
            imp = float(1 - np.sum(p ** 2))
        parts.append(f"\\tfrac{{{int(n)}}}{{{int(total)}}}\\cdot {max(imp, 0.0) + 0.0:.4f}")
    text = (f"\\text{{Gain}}(S, \\text{{{cand.name}}}) = {sym}(S) - \\sum_v \\tfrac{{|S_v|}}{{|S|}} {sym}(S_v)"
            f" = {node.impurity:.4f} - ({' + '.join(parts)}) = {cand.gain:.4f}")
    if ratio:
        text += (f"\\qquad \\text{{GainRatio}} = \\frac{{\\text{{Gain}}}}{{H_A(S)}} = "
                 f"\\frac{{{cand.gain:.4f}}}{{{cand.split_info:.4f}}} = {cand.gain_ratio:.4f}")
    return text


def take_from_link(later: dict, name: str, options, key: str, what: str, fallback) -> None:
    """Preset widget ``key`` from a link value that could only be checked now (it must be one
    of ``options``); otherwise a sentence for the warning."""
    if name not in later:
        return
    raw = later.pop(name)
    match = next((o for o in options if str(o) == raw), None)
    if match is None:
        shown = (f"{options.start} to {options.stop - 1}" if isinstance(options, range)
                 else "one of " + ", ".join(map(str, options)))
        problems.append(f"**{what}** = `{raw}` should be {shown}. Using {fallback}.")
    else:
        state.preset(key, match)


def finish(items: dict[str, str]) -> None:
    """The warning about the link, the address bar and the link to this view (also before a stop)."""
    if later:
        names = ", ".join(f"**{k}**" for k in later)
        verb = "applies" if len(later) == 1 else "apply"
        problems.append(f"{names} {verb} only to a built-in table (a link cannot carry an uploaded file), "
                        "so the link's value was left out.")
        later.clear()
    with warn_slot:
        state.warn_bad_url(problems)
    problems.clear()
    state.write_url(items)
    with st.sidebar:
        with st.expander("Link to this view"):
            state.share_link(items)


def base_items() -> dict[str, str]:
    return settings_to_url(SETTINGS, {p.name: state.current(KEYS[p.name], p.default) for p in SETTINGS})


def node_label(model, node) -> str:
    if node.parent < 0:
        return f"node 0 · root ({node.n_samples} rows)"
    tests, at = [], node
    while at.parent >= 0:
        parent = model.nodes_[at.parent]
        tests.append(f"{model.feature_names_[parent.feature]} = {at.branch}")
        at = parent
    return f"node {node.id} · {' ∧ '.join(reversed(tests))} ({node.n_samples} rows)"


st.title("ID3 on a table", anchor=False)
st.markdown(
    "ID3 grows a tree on categorical data. At each node it computes, for every feature not yet "
    "used on the path, how much knowing that feature lowers the entropy of the class, "
    "Gain(S, A) = H(S) − Σ_v |S_v|/|S| · H(S_v), and splits on the best one with one branch per value.")

# --- state from the link (first visit of this page in the session) ---------------------------
link = state.url_once("id3")
problems, later = [], {}
if link is not None:
    problems += settings_from_url(SETTINGS, KEYS, link)
    later = {k: v for k, v in link.items() if k in LATER or k.startswith(NB_PREFIX)}
warn_slot = st.container()  # filled by finish(): some values are checked further down

# --- the table ------------------------------------------------------------------------------
c1, c2 = st.columns([1, 1], gap="large")
with c1:
    state.remember("id3_table", "tennis", lambda v: v in TABLE_LABELS)
    source = st.selectbox("table", list(TABLE_LABELS), key="id3_table", format_func=TABLE_LABELS.get)
    state.keep("id3_table")
with c2:
    state.remember("id3_score", "gain", lambda v: v in SCORES)
    score = st.selectbox("split score", list(SCORES), key="id3_score", format_func=SCORES.get,
                         help="Information gain is ID3's score; the gain ratio divides it by the split "
                              "information H_A(S) to discount features with many values; Gini uses "
                              "1 − Σ p² instead of entropy.")
    state.keep("id3_score")

if source != "upload":
    table = TABLES[source]()
    take_from_link(later, "row", range(len(table.y)), "id3_row", "follow row", "row 0")
    for j, name in enumerate(table.features):
        values = sorted(set(table.X[:, j]))
        take_from_link(later, f"{NB_PREFIX}{name}", values, f"nb_{source}_{name}", f"naive Bayes row, {name}",
                       "the default")
    for k in [k for k in later if k.startswith(NB_PREFIX)]:
        problems.append(f"**{k}** = `{later.pop(k)}`: this table has no feature {k[len(NB_PREFIX):]!r} "
                        f"(its features: {', '.join(table.features)}). Left out.")

if source == "upload":
    up = st.file_uploader("CSV with a header row; every column categorical", type=["csv", "txt"],
                          help=f"At most {MAX_ROWS} rows and {MAX_COLS} columns. Pick the class column below.")
    if up is None:
        st.info("Upload a small CSV, e.g. the tennis table with columns outlook, temperature, humidity, "
                "wind, play.", icon=":material/upload_file:")
        finish(base_items())
        st.stop()
    frame, problem = read_csv(up.getvalue())
    if frame is None:
        st.warning(problem, icon=":material/info:")
        finish(base_items())
        st.stop()
    target = st.selectbox("class column", list(frame.columns), index=len(frame.columns) - 1)
    features = [c for c in frame.columns if c != target]
    many = [c for c in features if frame[c].nunique() > MAX_VALUES]
    if many:
        st.warning(f"{', '.join(many)} have more than {MAX_VALUES} distinct values, so they are left out "
                   "(ID3 needs categories, not numbers or ids).", icon=":material/info:")
        features = [c for c in features if c not in many]
    if not features:
        st.warning("No usable feature column is left.", icon=":material/info:")
        finish(base_items())
        st.stop()
    X, y = frame[features].to_numpy(dtype=str), frame[target].to_numpy(dtype=str)
    target_name = target
else:
    X, y, features, target_name = table.X, table.y, list(table.features), table.target
    frame = pd.DataFrame(X, columns=features)
    frame[target_name] = y

criterion = "gini" if score == "gini" else "entropy"
try:
    model = ID3Classifier(criterion=criterion, gain_ratio=score == "ratio").fit(X, y, feature_names=features)
    one_rule = OneRuleClassifier().fit(X, y, feature_names=features)
except ValidationError as err:
    st.warning(str(err), icon=":material/info:")
    finish(base_items())
    st.stop()

# --- the tree and a row through it ------------------------------------------------------------
t1, t2 = st.columns([1, 1], gap="large")
with t2:
    st.subheader("The data", anchor=False)
    state.remember("id3_row", 0, lambda v: isinstance(v, int) and 0 <= v < len(y))
    row = st.number_input("follow row", 0, len(y) - 1, key="id3_row", step=1,
                          help="Highlight the path this row takes through the tree.")
    state.keep("id3_row")
    st.dataframe(frame.style.apply(lambda r: ["background-color: #FBE3D6" if r.name == row else ""
                                              for _ in r], axis=1),
                 height=min(38 + 35 * len(frame), 420), width="stretch")
    pred = model.predict(X[row:row + 1])[0]
    st.markdown(f"Row {row} ends in leaf **{model.path(X[row])[-1]}** and is predicted **{pred}** "
                f"(true: {y[row]}). Training accuracy: {model.score(X, y):.0%}.")
with t1:
    st.subheader("The tree", anchor=False)
    st.plotly_chart(id3_diagram(model, row=X[row], height=460), width="stretch", config=CHART_CONFIG,
                    key="id3_tree")
    with st.expander("The tree as rules"):
        st.markdown("\n".join(f"- {r}" for r in model.rules()))

# --- every node: the score of every candidate feature -------------------------------------------
st.subheader("Why each split won", anchor=False)
inner = [n for n in model.nodes_ if n.candidates and n.n_samples > 0]
labels = {n.id: node_label(model, n) for n in inner}
take_from_link(later, "node", list(labels), "id3_node", "node", "node 0")
state.remember("id3_node", 0, lambda v: v in labels)
node_id = st.selectbox("node", list(labels), key="id3_node", format_func=labels.get,
                       help="Every node with examples: the scores ID3 computed there.")
state.keep("id3_node")
node = model.nodes_[node_id]
n1, n2 = st.columns([3, 2], gap="large")
with n1:
    counts = ", ".join(f"{int(c)} {k}" for k, c in zip(model.classes_, node.counts, strict=True))
    imp = "H" if criterion == "entropy" else "Gini"
    st.markdown(f"**{node.n_samples} rows** ({counts}); {imp}(S) = **{node.impurity:.4f}**.")
    if node.is_leaf:
        reason = "it is pure" if node.impurity <= 0 else "no feature is left or none has any gain"
        st.markdown(f"This node is a leaf: {reason}. It predicts **{model.classes_[node.prediction]}**.")
    else:
        st.markdown(f"Split on **{model.feature_names_[node.feature]}**.")
    rows = [{"feature": c.name, "gain": c.gain, "split info H_A(S)": c.split_info, "gain ratio": c.gain_ratio,
             "branches": "; ".join(f"{v}: " + "/".join(str(int(k)) for k in cnt)
                                   for v, cnt in c.counts.items() if cnt.sum() > 0)}
            for c in node.candidates]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch",
                 column_config={k: st.column_config.NumberColumn(format="%.4f")
                                for k in ("gain", "split info H_A(S)", "gain ratio")})
    st.caption("Branch counts are per class, in the order " + " / ".join(map(str, model.classes_)) + ".")
with n2:
    st.plotly_chart(gains_figure(node, use_ratio=score == "ratio", chosen=node.feature),
                    width="stretch", config=CHART_CONFIG, key="id3_gains")
shown = next((c for c in node.candidates if c.feature == node.feature), None) or max(
    node.candidates, key=lambda c: c.gain_ratio if score == "ratio" else c.gain)
st.latex(gain_formula(node, shown, criterion, score == "ratio"))
if source == "tennis" and criterion == "entropy":
    st.caption("Textbooks print the root gains as 0.246 / 0.151 / 0.048 / 0.029 and the sunny branch as "
               "0.970 / 0.570 / 0.019: the exact values above, truncated, or computed from entropies "
               "rounded to three decimals first (H(S_sunny) = 0.971 written 0.970).")

# --- the 1-rule -----------------------------------------------------------------------------------
st.subheader("The 1-rule: the best one-level tree", anchor=False)
o1, o2 = st.columns([1, 1], gap="large")
with o1:
    st.dataframe(pd.DataFrame({"feature": features, "training errors": one_rule.errors_}), hide_index=True,
                 width="stretch")
with o2:
    st.markdown(f"Fewest errors: **{features[one_rule.feature_]}** "
                f"({one_rule.errors_[one_rule.feature_]} of {len(y)} wrong; ties go to the first column).")
    st.markdown("\n".join(f"- {line}" for line in one_rule.describe()))

# --- naive Bayes on the same table -----------------------------------------------------------------
st.subheader("Naive Bayes on the same table", anchor=False)
st.markdown("Score each class by its prior times one likelihood per feature, "
            "score(c) = P(c) · Π_j P(x_j | c), and predict the largest. Pick a new row:")
NEW_DAY = {"outlook": "sunny", "temperature": "cool", "humidity": "high", "wind": "strong"}
b_cols = st.columns([1] * len(features) + [1.4])
new_row, nb_items = [], {}
for col, j in zip(b_cols, range(len(features)), strict=False):
    values = sorted(set(X[:, j]))
    key = f"nb_{source}_{features[j]}"
    default = NEW_DAY.get(features[j]) if source == "tennis" else values[0]
    state.remember(key, default if default in values else values[0], lambda v, values=values: v in values)
    with col:
        new_row.append(st.selectbox(features[j], values, key=key))
    state.keep(key)
    if new_row[-1] != (default if default in values else values[0]):
        nb_items[f"{NB_PREFIX}{features[j]}"] = str(new_row[-1])
with b_cols[-1]:
    state.remember("nb_laplace", False)
    laplace = st.toggle("Laplace smoothing", key="nb_laplace",
                        help="Off: maximum-likelihood counts, so an unseen value zeroes a class. "
                             "On: every count + 1 and each denominator + V (the number of values).")
    state.keep("nb_laplace")
nb = CategoricalNB(alpha=1.0 if laplace else 0.0).fit(X, y)
new = np.array([new_row], dtype=object)
scores = nb.scores(new)[0]
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

# --- the link to this view ------------------------------------------------------------------
items = base_items()
if source != "upload":
    items |= ({"row": str(row)} if row else {}) | ({"node": str(node_id)} if node_id else {}) | nb_items
finish(items)
