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
