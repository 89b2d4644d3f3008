"""The tennis version of "Build the tree": the days at one node of the tree, the attribute the
student tests there (in the link as ``attr=``), then every attribute's information gain worked
out in numbers, and in the reveal ID3's tree (mlcore)."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import streamlit as st

from catalog.specs import ParamSpec
from exercises import tree_by_hand as rules
from mlcore.datasets import tennis
from ui.core import charts, settings
from ui.exercises import shell
from viz.tree import id3_diagram

ATTR = ParamSpec("attr", "choice", "", choices=("", *tennis().features), label="attribute to test",
                 help="The attribute this node of the tree tests: each of its values gets a branch.")


def node_name(task: rules.TableTask) -> str:
    return "the root (all 14 days)" if not task.branch else f"the branch outlook = {task.branch[0]}"


def choose(task: shell.Task, instance: rules.TableTask, main, side) -> str:
    """The days at the node (in ``main``) and the student's attribute (in ``side``; "" while none
    is chosen)."""
    X, y, features = rules.node_rows(instance)
    table = pd.DataFrame(X, columns=list(features))
    table["play"] = y
    with main:
        st.markdown(f"**The {len(y)} days at {node_name(instance)}** ({(y == 'yes').sum()} yes, "
                    f"{(y == 'no').sum()} no)")
        st.dataframe(table, hide_index=True, height="content")
    with side:
        free = tuple(rules.table_gains(instance))
        spec = replace(ATTR, choices=("", *free))
        return settings.setting(spec, shell.widget_key(task, "attr"), control="radio",
                                format_func=lambda a: a or "(not chosen yet)")


def gains(instance: rules.TableTask) -> None:
    """Every attribute's gain, H(S) − Σ |S_v|/|S| H(S_v) written out in numbers, largest first."""
    h, branches = rules.table_working(instance)
    found = rules.table_gains(instance)
    n = sum(yes + no for _, yes, no, _ in next(iter(branches.values())))
    st.markdown(f"**Every attribute's information gain** at {node_name(instance)}: H(S) = {h:.3f} bits.")
    lines = []
    for name in sorted(found, key=lambda a: -found[a]):
        terms = " + ".join(f"{yes + no}/{n}·{hv:.3f}" for _, yes, no, hv in branches[name])
        split = ", ".join(f"{v} [{yes}+, {no}−]" for v, yes, no, _ in branches[name])
        lines.append(f"- **{name}** {found[name]:.3f} = {h:.3f} − ({terms}) · branches {split}")
    st.markdown("\n".join(lines))


def reveal(instance: rules.TableTask) -> None:
    answer = rules.reveal(instance)
    st.markdown(f"**ID3 (mlcore) tests {answer}** at {node_name(instance)}: the attribute of largest gain. "
                "Its whole tree, grown the same way at every node:")
    charts.plotly_chart(id3_diagram(rules.id3_tree(), height=420), width="stretch", theme=None, key="ex_tree_id3",
                        config=charts.config("build_the_tree_id3"))


def code(instance: rules.TableTask) -> str:
    """Show code: every attribute's gain at the node, from mlcore's ID3 on the node's days."""
    rows = f't.X[:, 0] == "{instance.branch[0]}"' if instance.branch else "slice(None)"
    return f'''from mlcore.datasets import tennis
from mlcore.tree import ID3Classifier

t = tennis()
rows = {rows}   # the days at {node_name(instance)}
id3 = ID3Classifier(criterion="entropy").fit(t.X[rows], t.y[rows], feature_names=t.features)
for c in id3.nodes_[0].candidates:
    print(c.name, round(c.gain, 3))
'''
