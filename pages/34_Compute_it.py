"""Compute it: a gain, an impurity, a naive Bayes score, a perceptron step or a code's decoding, worked
out by hand and checked with a stated tolerance; a wrong answer shows the worked solution."""

import streamlit as st

from catalog.specs import ParamSpec
from exercises import compute_it as rules
from ui.core import settings
from ui.exercises import compute_view as view
from ui.exercises import shell

LEVELS = {1: "Small numbers: two classes, two children, η = 1, four-class codes.",
          2: "Three classes, every column of the table, a fractional η, six-class codes.",
          3: "Three children, Laplace smoothing, three features, eight classes on ten bits with two wrong."}
SHORT = {"gain": "Gain", "impurity": "Impurity", "naive_bayes": "Naive Bayes", "perceptron_step": "Perceptron step",
         "hamming": "Hamming decoding"}
QUESTION = ParamSpec("question", "choice", "gain", choices=tuple(rules.QUESTIONS), label="question",
                     help="Which quantity to work out; the level and task number give its numbers.")

task = shell.begin("compute", LEVELS, intro="Work the number out on paper (a calculator helps), type it in "
                   "and press **Check**. Under each box: how close you must be.")
question = settings.setting(QUESTION, "ex_compute_question", control="segmented", format_func=SHORT.get)
view.fresh_for(task, question)
instance = rules.make(task.level, task.seed, question)

view.ask(instance)
if view.has_table(instance):
    data, answers = st.columns([1, 1], gap="large")
    with data:
        view.table(instance)
else:
    answers = st.container()
with answers:
    given = view.answer(task, instance)
verdict = rules.check(instance, given) if given is not None else None
shell.hints(task, rules.hints(instance))
shell.outcome(task, verdict)
wrong = verdict is not None and not verdict.done
if wrong:
    view.show_worked(instance)
if shell.revealed(task, solved=verdict is not None and verdict.done):
    view.show_reveal(instance, worked_shown=wrong)
shell.finish(task, teaches=view.TEACHES[question])
