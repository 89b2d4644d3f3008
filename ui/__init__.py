"""Streamlit glue, in sub-packages by role:

core/            settings from specs, layout and menu, charts, presenter mode, lecture steps, Show code,
                 the progress bar, the guide (What you see, links between pages)
reading/         the rules that read a chart for a student (pure functions, no Streamlit)
data/            the working dataset: its recipe, the sidebar panel, uploads, drawn and erased points
live/            the chart updated in place in the browser: its component, JavaScript and byte codec
serving/         work shared by every session (cached by its arguments), the lecture-hall queue
model_selection/ what the curve and model-selection pages share: values tried, curves, sweeps
<page>/          helpers that serve one page only (svm, id3, perceptron, neural_network, multiclass,
                 learning_theory, features)
"""
