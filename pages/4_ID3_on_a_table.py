"""ID3 on a table: the gain of every feature at every node, on the tennis or kids-play data or a CSV."""

from dataclasses import replace

import pandas as pd
import streamlit as st

from catalog import code_other_pages
from catalog.specs import ParamSpec
from mlcore import ValidationError
from mlcore.datasets import TABLES
from mlcore.tree import ID3Classifier, OneRuleClassifier
from ui.core import alt_text, charts, guide, settings
from ui.core.charts import config as chart_config
from ui.core.layout import finish, fit_screen, page, stop
from ui.core.show_code import show_code
from ui.id3 import held_out, onward_links, worked_examples
from ui.id3.bayes_table import NB_PREFIX, naive_bayes_section
from ui.id3.categorical_csv import MAX_COLS, MAX_ROWS, MAX_VALUES, read_csv
from ui.id3.tree_text import gain_formula, node_label, node_reading
from viz.tree import gains_figure, id3_diagram

TABLE_LABELS = {"tennis": "Play tennis (14 days)", "kids_play": "Do kids play outside? (14 rows)",
                "upload": "Upload a CSV"}
SCORES = {"gain": "information gain (entropy, log₂)", "ratio": "gain ratio (C4.5)", "gini": "Gini gain"}
CHART_CONFIG = chart_config("id3")

# The page's settings; the row, the node and the naive Bayes row (``nb_<feature>``, one per
# feature) take their choices from the table.
TABLE = ParamSpec("table", "choice", "tennis", choices=tuple(TABLE_LABELS), label="table")
SCORE = ParamSpec("score", "choice", "gain", choices=tuple(SCORES), label="split score",
                  help="Information gain is ID3's score; the gain ratio divides it by the split information "
                       "H_A(S) to discount features with many values; Gini uses 1 − Σ p² instead of entropy.")
ROW = ParamSpec("row", "int", 0, 0, MAX_ROWS - 1, label="follow row",
                help="Highlight the path this row takes through the tree.")
NODE = ParamSpec("node", "choice", 0, choices=(0,), label="node",
                 help="Every node with examples: the scores ID3 computed there.")


def leave_out_of_link(what: str) -> None:
    """The link's row, node and naive Bayes values that cannot apply here, in the warning."""
    names = [k for k in ("row", "node") if settings.take(k) is not None]
    names += [k for k in settings.untaken(NB_PREFIX) if settings.take(k) is not None]
    if names:
        verb = "applies" if len(names) == 1 else "apply"
        settings.report(f"{', '.join(f'**{k}**' for k in names)} {verb} only to {what}, "
                        "so the link's value was left out.")


page("ID3 on a table", name="id3", with_dataset=False)
onward_links.keep_dataset()
st.sidebar.caption(
    "ID3 grows a tree on categorical data. At each node it computes, for every feature not yet "
    "used on the path, how much knowing that feature lowers the entropy of the class, "
    "Gain(S, A) = H(S) − Σ_v |S_v|/|S| · H(S_v), and splits on the best one with one branch per value.")

# --- the table ------------------------------------------------------------------------------
c1, c2 = st.columns([1, 1], gap="large")
source = settings.setting(TABLE, "id3_table", where=c1, format_func=TABLE_LABELS.get)
score = settings.setting(SCORE, "id3_score", where=c2, format_func=SCORES.get)
built_in = source != "upload"  # a link cannot carry an uploaded file, nor rows or values of one
if not built_in:
    leave_out_of_link("a built-in table (a link cannot carry an uploaded file)")
    up = st.file_uploader("CSV with a header row; every column categorical", type=["csv", "txt"],
                          help=f"At most {MAX_ROWS} rows and {MAX_COLS} columns. Pick the class column below.")
    if up is None:
        st.info("Upload a small CSV, e.g. the tennis table with columns outlook, temperature, humidity, "
                "wind, play.", icon=":material/upload_file:")
        stop()
    frame, problem = read_csv(up.getvalue())
    if frame is None:
        st.warning(problem, icon=":material/info:")
        stop()
    columns = tuple(frame.columns)
    target = settings.setting(ParamSpec("target", "choice", columns[-1], choices=columns, label="class column"),
                              "id3_target", url=None)
    features = [c for c in frame.columns if c != target]
    many = [c for c in features if frame[c].nunique() > MAX_VALUES]
    if many:
        st.warning(f"{', '.join(many)} have more than {MAX_VALUES} distinct values, so they are left out "
                   "(ID3 needs categories, not numbers or ids).", icon=":material/info:")
        features = [c for c in features if c not in many]
    if not features:
        st.warning("No usable feature column is left.", icon=":material/info:")
        stop()
    X, y = frame[features].to_numpy(dtype=str), frame[target].to_numpy(dtype=str)
    target_name = target
else:
    table = TABLES[source]()
    X, y, features, target_name = table.X, table.y, list(table.features), table.target
    frame = pd.DataFrame(X, columns=features)
    frame[target_name] = y

criterion = "gini" if score == "gini" else "entropy"
try:
    model = ID3Classifier(criterion=criterion, gain_ratio=score == "ratio").fit(X, y, feature_names=features)
    one_rule = OneRuleClassifier().fit(X, y, feature_names=features)
except ValidationError as err:
    st.warning(str(err), icon=":material/info:")
    stop()

# --- the tree and a row through it ------------------------------------------------------------
t1, t2 = st.columns([9, 8], gap="small")
with t2:
    st.subheader("The data", anchor=False)
    row = settings.setting(replace(ROW, high=len(y) - 1), "id3_row", control="number",
                           url=ROW.name if built_in else None)
    st.dataframe(frame.style.apply(lambda r: ["background-color: #FBE3D6; color: #1f2937" if r.name == row else ""
                                              for _ in r], axis=1),
                 height=min(38 + 35 * len(frame), 420), width="stretch",
                 # columns as wide as their text, so the class column stays in view on a projector
                 column_config={c: st.column_config.Column(width=int(16 + 7 * max(len(str(c)), *map(len, frame[c]))))
                                for c in frame.columns})
    pred = model.predict(X[row:row + 1])[0]
    st.markdown(f"Row {row} ends in leaf **{model.path(X[row])[-1]}** and is predicted **{pred}** "
                f"(true: {y[row]}). {held_out.in_words(model, X, y, features, criterion, score == 'ratio')}")
with t1:
    st.subheader("The tree", anchor=False)
    charts.plotly_chart(fit_screen("id3_tree", id3_diagram(model, row=X[row], height=445)), width="stretch",
                        height="stretch", config=CHART_CONFIG, key="id3_tree")
    alt_text.summary("id3_tree", f"The ID3 tree with {len(model.rules())} rules (one per leaf) on {len(y)} rows; "
                     f"row {row} follows its path to a leaf that predicts {pred} (true: {y[row]})", y,
                     {"training accuracy": float((model.predict(X) == y).mean())})
    seen_slot = st.container()  # "What you see" at the node picked below
    with st.expander("The tree as rules"):
        st.markdown("\n".join(f"- {r}" for r in model.rules()))

# --- every node: the score of every candidate feature -------------------------------------------
st.subheader("Why each split won", anchor=False)
inner = [n for n in model.nodes_ if n.candidates and n.n_samples > 0]
labels = {n.id: node_label(model, n) for n in inner}
node_id = settings.setting(replace(NODE, choices=tuple(labels)), "id3_node", format_func=labels.get,
                           url=NODE.name if built_in else None)
node = model.nodes_[node_id]
with seen_slot:
    guide.see(node_reading(model, node, score))
    onward_links.tree_link(criterion, score == "ratio")
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
    rows = [{"feature": c.name, "gain": c.gain,
             f"branch {'H' if criterion == 'entropy' else 'Gini'}(S_v)":
                 worked_examples.branch_impurities(c, criterion),
             "split info H_A(S)": c.split_info, "gain ratio": c.gain_ratio,
             "branches": "; ".join(f"{v}: " + "/".join(str(int(k)) for k in cnt)
                                   for v, cnt in c.counts.items() if cnt.sum() > 0)}
            for c in node.candidates]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch",
                 column_config={k: st.column_config.NumberColumn(format="%.4f")
                                for k in ("gain", "split info H_A(S)", "gain ratio")})
    st.caption("Branch counts are per class, in the order " + " / ".join(map(str, model.classes_)) + ".")
with n2:
    charts.plotly_chart(gains_figure(node, use_ratio=score == "ratio", chosen=node.feature),
                        width="stretch", config=CHART_CONFIG, key="id3_gains")
shown = next((c for c in node.candidates if c.feature == node.feature), None) or max(
    node.candidates, key=lambda c: c.gain_ratio if score == "ratio" else c.gain)
st.latex(gain_formula(node, shown, criterion, score == "ratio"))
with st.expander("The gain formula of every feature at this node"):
    for cand in node.candidates:
        st.latex(worked_examples.gain_terms(node, cand, criterion))
if source == "tennis" and criterion == "entropy" and node.parent < 0:  # the numbers are the root's
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
with st.expander("P(class | value): the 1-rule's conditional probabilities for every feature"):
    worked_examples.show_one_rule(one_rule, X, y)

# --- naive Bayes on the same table -----------------------------------------------------------------
laplace = naive_bayes_section(X, y, features, target_name, source, built_in)

# --- the notes' other worked examples -------------------------------------------------------------
st.subheader("More from the notes", anchor=False)
xor_tab, logs_tab, mix_tab = st.tabs(["XOR: independence fails", "Sum of logs: (0.5)²⁰⁰⁰",
                                      "Impurity of a node of 16"])
with xor_tab:
    worked_examples.show_xor()
with logs_tab:
    worked_examples.show_underflow()
with mix_tab:
    worked_examples.show_impurity_mix()

onward_links.where_next()
show_code(code_other_pages.id3_page(source if built_in else None, criterion, score == "ratio", laplace,
                                 None if built_in else up.name, tuple(features), target_name),
          "The table, ID3 with the page's score, the 1-rule and naive Bayes, and their training accuracy.")
finish()
