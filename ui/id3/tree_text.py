"""The ID3 tree on the page in words: a node's label in the node picker, the gain formula in LaTeX."""

from __future__ import annotations


def node_label(model, node) -> str:
    """"node 4 · outlook = sunny ∧ humidity = high (3 rows)": the tests on the path to a node."""
    if node.parent < 0:
        return f"node 0 · root ({node.n_samples} rows)"
    tests, at = [], node
    while at.parent >= 0:
        parent = model.nodes_[at.parent]
        tests.append(f"{model.feature_names_[parent.feature]} = {at.branch}")
        at = parent
    return f"node {node.id} · {' ∧ '.join(reversed(tests))} ({node.n_samples} rows)"


def gain_formula(node, cand, criterion: str, ratio: bool) -> str:
    """Gain(S, A) = I(S) - sum_v |S_v|/|S| I(S_v), with the numbers of this node."""
    total = node.counts.sum()
    sym = "H" if criterion == "entropy" else "G"
    parts = [f"\\tfrac{{{n}}}{{{int(total)}}}\\cdot {imp:.4f}" for n, imp in cand.branch_terms(criterion)]
    text = (f"\\text{{Gain}}(S, \\text{{{cand.name}}}) = {sym}(S) - \\sum_v \\tfrac{{|S_v|}}{{|S|}} {sym}(S_v)"
            f" = {node.impurity:.4f} - ({' + '.join(parts)}) = {cand.gain:.4f}")
    if ratio:
        text += (f"\\qquad \\text{{GainRatio}} = \\frac{{\\text{{Gain}}}}{{H_A(S)}} = "
                 f"\\frac{{{cand.gain:.4f}}}{{{cand.split_info:.4f}}} = {cand.gain_ratio:.4f}")
    return text


SCORE_NAMES = {"gain": "information gain", "ratio": "gain ratio", "gini": "Gini gain"}


def node_reading(model, node, score: str):
    """"What you see" at the node shown (``ui.reading.id3_reading``): the split that won and
    its score against the runner-up, or why the node is a leaf."""
    from ui.reading import Split, id3_reading

    where = "the root" if node.parent < 0 else node_label(model, node).split(" · ", 1)[1].rsplit(" (", 1)[0]
    where = where if node.parent < 0 else f"the node {where}"
    classes = tuple(map(str, model.classes_))
    if node.is_leaf:
        reason = "it is pure" if node.impurity <= 0 else "no feature is left or none has any gain"
        return id3_reading(where, SCORE_NAMES[score], (), classes[node.prediction], classes, leaf=reason)
    splits = tuple(Split(c.name, c.gain_ratio if score == "ratio" else c.gain,
                         {v: [float(k) for k in cnt] for v, cnt in c.counts.items()}) for c in node.candidates)
    return id3_reading(where, SCORE_NAMES[score], splits, model.feature_names_[node.feature], classes)
