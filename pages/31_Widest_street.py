"""Widest street: on separable points, place the line with the widest empty street around it; the
score is its margin as a share of the SVM's. The support vectors are revealed afterwards."""

import streamlit as st

from exercises import widest_street as rules
from exercises.line_geometry import judge, street
from ui.core.show_code import show_code
from ui.exercises import line_board as board
from ui.exercises import line_input, shell

CHART = "ex_street_plane"
LEVELS = {1: "Few points and a wide gap.",
          2: "More points, a narrower gap.",
          3: "Many points and a narrow gap: the widest street is rarely the one the eye picks first."}

task = shell.begin("street", LEVELS, intro="Click or tap **two points** to set a line, then make the empty street "
                                           "around it (shaded, as wide on each side as the nearest point is far) "
                                           f"as wide as you can: **{100 * rules.DONE_SHARE:.0f}% of the widest** "
                                           "completes the task.")
instance = board.street_task(task.level, task.seed)
line_input.listen(task, CHART)   # before the sliders: a click sets them
n = len(instance.t)

plane_col, side = st.columns([3, 2], gap="medium")
with side:
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
    elif street(mine) is None:
        st.caption("Your line has errors, so it has no street: a street is empty, with every point of one "
                   "class on one side.")
    verdict = None if line is None else rules.check(instance, line)
    shell.outcome(task, verdict)
    if verdict is None or not verdict.done:
        shell.hints(task, rules.hints(instance))
    shown = shell.revealed(task, bool(verdict and verdict.done), label="Show the widest street")

answer = board.street_reveal(task.level, task.seed) if shown else None
with plane_col:
    board.plane(CHART, instance.X, instance.t, mine, pending=first, with_street=True,
                others=() if answer is None else (("SVM", answer.svm, board.COLORS["svm"]),),
                rings=None if answer is None else answer.support)

if answer is not None:
    st.subheader("The widest street: the hard-margin SVM's", anchor=False)
    board.compare([("yours", mine), ("SVM, hard margin (C = ∞)", answer.svm)], n)
    st.markdown(f"The ringed points are the SVM's **{len(answer.support)} support vectors**: they lie on the "
                "edges of the widest street. Only they fix the line; move any other point (without entering the "
                "street) and the widest street stays where it is. The SVM finds it by maximising the margin "
                "m = minᵢ tᵢ(w·xᵢ + b)/‖w‖, which is the same as minimising ‖w‖ while every point keeps "
                "tᵢ(w·xᵢ + b) ≥ 1.")

show_code(board.code(instance.X, instance.t, mine, algorithms=answer is not None, street_share=True),
          "The check behind this page: your line's errors and margin on these points"
          + (", the widest street (mlcore's hard-margin SVM) and your share of it." if answer is not None else
             " (the SVM's widest street joins it once you show it)."))
shell.finish(task, teaches=("svm", "perceptron"))
