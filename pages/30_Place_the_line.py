"""Place the line: set a straight line by two clicks (or sliders, or typed points) that makes at
most the target's errors; then compare it with the perceptron's and the SVM's lines."""

from dataclasses import replace

import streamlit as st

from catalog.specs import ParamSpec
from exercises import line_placing as rules
from exercises.line_geometry import judge
from ui.core import settings
from ui.core.show_code import show_code
from ui.exercises import line_board as board
from ui.exercises import line_input, shell

CHART = "ex_line_plane"
LEVELS = {1: "Two classes with a wide empty gap between them.",
          2: "More points and a narrow gap: the line must thread it.",
          3: "The classes overlap: no line is perfect, so the target allows a few errors."}

task = shell.begin("line", LEVELS, intro="Click or tap **two points** on the plane: your line goes through both. "
                                         "Make it split the blue circles from the orange squares with at most "
                                         "the target's errors.")
base = board.line_task(task.level, task.seed)
line_input.listen(task, CHART)   # before the sliders: a click sets them
n = len(base.t)
with st.sidebar:
    target = settings.setting(
        ParamSpec("target", "int", base.target, 0, n - 1, label="target: at most this many errors",
                  help=f"The level's target is {base.target}. A lecturer may ask for another one: it goes into "
                       "the task link."), shell.widget_key(task, "target"), control="number")
instance = replace(base, target=int(target))

plane_col, side = st.columns([3, 2], gap="medium")
with side:
    st.markdown(f"**Target: at most {instance.target} error{'s' * (instance.target != 1)}.**")
    line = line_input.controls(task)
    mine = None if line is None else judge(line, instance.X, instance.t)
    board.numbers(mine, n)
    first = line_input.pending(task)
    if line_input.note(task):
        st.info(line_input.note(task), icon=":material/touch_app:")
    elif first is not None:
        st.caption(f"First point at ({first[0]:.2f}, {first[1]:.2f}): now click the second.")
    elif mine is None:
        st.caption("No line yet. Two clicks make one; a third click starts a new line.")
    verdict = None if line is None else rules.check(instance, line)
    shell.outcome(task, verdict)
    if verdict is None or not verdict.done:
        shell.hints(task, rules.hints(instance))
    shown = shell.revealed(task, bool(verdict and verdict.done))

answer = board.line_reveal(task.level, task.seed) if shown else None
others = ()
if answer is not None:
    others = tuple((name, judged, board.COLORS[key]) for name, judged, key in
                   (("perceptron", answer.perceptron, "perceptron"), ("SVM", answer.svm, "svm")) if judged)
with plane_col:
    board.plane(CHART, instance.X, instance.t, mine, pending=first, others=others)

if answer is not None:
    st.subheader("The algorithms' lines beside yours", anchor=False)
    kind = "hard margin (C = ∞)" if answer.hard else f"soft margin (C = {rules.SOFT_C:g})"
    board.compare([("yours", mine), ("perceptron (pocket)", answer.perceptron), (f"SVM, {kind}", answer.svm)], n)
    if answer.hard:
        st.markdown("Both algorithms separate the points, as a line with no errors does, but they pick different "
                    "lines: the perceptron stops at the first line that makes no mistake, wherever it lies, "
                    "while the SVM picks the line whose nearest point is farthest away, the widest margin. "
                    "A larger margin leaves more room for new points that fall near the gap.")
    else:
        st.markdown("On overlapping classes the two aims differ. The pocket perceptron keeps the weights with the "
                    "fewest training errors it met. The soft-margin SVM trades errors against a wide street: it "
                    "pays for each point inside its street or beyond, by how far it is, and may accept one more "
                    "error for a wider street. A negative margin means some point is on the wrong side.")

show_code(board.code(instance.X, instance.t, mine, algorithms=answer is not None, hard=instance.separable),
          "The check behind this page: your line's errors and margin on these points"
          + (", and the perceptron's and the SVM's lines fitted by mlcore." if answer is not None else
             " (the algorithms' lines join it once you show their answer)."))
shell.finish(task, teaches=("perceptron", "svm"))
