"""Compute it, drawn: the question's numbers, the answer boxes with their tolerances, the worked
solution, and mlcore's answer for the reveal (the rules are in ``exercises.compute_it``)."""

from __future__ import annotations

import streamlit as st

from exercises import compute_it as rules
from exercises.compute_steps import worked
from mlcore.datasets import TABLES
from ui.exercises import shell

# where each question is taught (ui.core.guide.PAGES names)
TEACHES = {"gain": ("id3", "tree"), "impurity": ("tree", "id3"), "naive_bayes": ("id3",),
           "perceptron_step": ("perceptron",), "hamming": ("multiclass",)}
SOURCE = {"gain": "mlcore.tree.impurity_decrease(parent, children, \"entropy\")",
          "impurity": "mlcore.tree.entropy / mlcore.tree.gini",
          "naive_bayes": "mlcore.naive_bayes.CategoricalNB: scores() and predict_proba()",
          "perceptron_step": "mlcore.linear_model.Perceptron: the first update in history_",
          "hamming": "mlcore.multiclass.hamming_distances"}


def _n(v: float) -> str:
    return f"{v:g}".replace("-", "−")


def _vector(v) -> str:
    return "(" + ", ".join(_n(x) for x in v) + ")"


def _table(header: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def ask(task: rules.Task) -> None:
    """What to work out, in a sentence or two (the perceptron's numbers are all in it)."""
    s = task.setup
    if isinstance(s, rules.Split):
        st.markdown(f"An attribute splits a node into {len(s.children)} children. What is the "
                    "**information gain** of this split, in bits (log base 2)?")
    elif isinstance(s, rules.Node):
        what = "**entropy** (in bits, log base 2)" if s.criterion == "entropy" else "**Gini index**"
        st.markdown(f"A node holds these examples. What is its {what}?")
    elif isinstance(s, rules.BayesRow):
        smoothing = ("with **Laplace smoothing** (+1 on every count)" if s.alpha
                     else "by maximum likelihood (no smoothing)")
        row = ", ".join(f"{f} = **{v}**" for f, v in zip(s.features, s.row, strict=True))
        st.markdown(f"Naive Bayes on the table, {smoothing}. A new row: {row}. What is "
                    f"**score({s.asked})** = P({s.asked}) · Π P(xⱼ | {s.asked}), and the posterior "
                    f"**P({s.asked} | row)**?")
    elif isinstance(s, rules.Step):
        y = "+1" if s.y > 0 else "−1"
        st.markdown(f"A perceptron has **w** = {_vector(s.w)}, **b** = {_n(s.b)} and learning rate "
                    f"**η** = {_n(s.eta)}. It looks at the point **x** = {_vector(s.x)} with label "
                    f"**y** = {y}. What are w and b after this step?")
    else:
        st.markdown(f"{len(s.code)} classes, one code word each; {len(s.bits)} two-class machines gave the "
                    "outputs in the last row. Which class does **Hamming decoding** give, and at what distance?")


def has_table(task: rules.Task) -> bool:
    return not isinstance(task.setup, rules.Step)


def table(task: rules.Task) -> None:
    """The numbers to work from: counts, the data table, or the code matrix."""
    s = task.setup
    if isinstance(s, rules.Split):
        rows = [["parent", *s.parent, sum(s.parent)]]
        rows += [[f"child {j}", *c, sum(c)] for j, c in enumerate(s.children, 1)]
        st.markdown(_table(["node", *s.classes, "total"], rows))
    elif isinstance(s, rules.Node):
        st.markdown(_table([*s.classes, "total"], [[*s.counts, sum(s.counts)]]))
    elif isinstance(s, rules.BayesRow):
        data = TABLES[s.table]()
        columns = [data.features.index(f) for f in s.features]
        frame = {"row": range(1, data.n_rows + 1),
                 **{f: data.X[:, j] for f, j in zip(s.features, columns, strict=True)}, data.target: data.y}
        st.caption(f"The {s.table.replace('_', ' ')} table ({data.n_rows} rows)")
        st.dataframe(frame, hide_index=True, height=35 * (data.n_rows + 1) + 3)
    elif isinstance(s, rules.Code):
        # monospace, one character a bit: ten bits fit a phone's width, and the columns line up
        numbers = " ".join(str(i) for i in range(1, len(s.bits) + 1))
        lines = [f"{'bit':<9}{numbers}"]
        lines += [f"{f'class {k}':<9}{_signs(row)}" for k, row in enumerate(s.code, 1)]
        lines += ["-" * (9 + len(numbers)), f"{'outputs':<9}{_signs(s.bits)}"]
        st.code("\n".join(lines), language=None)


def _signs(bits) -> str:
    return " ".join("+" if b > 0 else "-" for b in bits)


def _keys(task: shell.Task, instance: rules.Task) -> dict[str, str]:
    return {box.name: shell.widget_key(task, f"{instance.question}_{box.name}") for box in instance.boxes}


def _take(task: shell.Task, instance: rules.Task) -> None:
    shell.state(task)["answer"] = {name: st.session_state.get(key) for name, key in _keys(task, instance).items()}


def answer(task: shell.Task, instance: rules.Task) -> dict | None:
    """The answer boxes (each with its tolerance) and the Check button; the last checked answer, if any."""
    keys = _keys(task, instance)
    columns = st.columns(4 if len(instance.boxes) > 2 else 2)
    for i, box in enumerate(instance.boxes):
        where = columns[i % len(columns)]
        if box.whole:
            code = instance.setup.code
            span = f"1 to {len(code)}" if box.name == "class" else f"0 to {len(code[0])}"
            where.number_input(box.label, min_value=0, step=1, value=None, key=keys[box.name], placeholder=span)
        else:
            where.number_input(box.label, value=None, step=0.01, format="%.5f" if box.relative else "%.4f",
                               key=keys[box.name], placeholder="a number")
        where.caption(f"Checked {box.stated}.")
    st.button("Check", key="ex_compute_check", type="primary", icon=":material/task_alt:",
              on_click=_take, args=(task, instance))
    return shell.state(task).get("answer")


def show_worked(instance: rules.Task) -> None:
    st.markdown("**Worked solution**")
    st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(worked(instance), 1)))


def show_reveal(instance: rules.Task, worked_shown: bool) -> None:
    """mlcore's numbers, and the worked solution if it is not on the page already."""
    truth = rules.reveal(instance)
    parts = [f"{box.label} = **{truth[box.name]:.4g}**".replace("-", "−") for box in instance.boxes]
    st.markdown(f"mlcore's answer (`{SOURCE[instance.question]}`): " + ", ".join(parts) + ".")
    st.caption("Your answer counts if it is within the tolerance under its box: rounding the steps to three "
               "decimals, as below, stays inside it.")
    if not worked_shown:
        show_worked(instance)


def fresh_for(task: shell.Task, question: str) -> None:
    """Another question on the same task number starts clean: no hints opened, nothing revealed."""
    s = shell.state(task)
    if s.get("question") != question:
        for key in [k for k in s if k != "_task"]:
            del s[key]
        s["question"] = question
