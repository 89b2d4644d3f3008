"""Landing page ("Home" in the menu, see app.py): the course as a path through the pages, in the
order of the lecture notes, then the models."""

from collections import defaultdict

import streamlit as st

from catalog.models import MODELS
from ui.core import guide
from ui.core.layout import APP_TITLE, menu, page

# (topic, what it answers, [(page, model to open it on or None, link text)]); ✎ marks an exercise
# that checks the student's own answer
PATH = [
    ("Nearest neighbours and prototypes", "How far can 'look at the closest examples' go?",
     [("playground", "knn", "k nearest neighbours"), ("playground", "prototype", "learning with prototypes"),
      ("ex_neighbours", None, "✎ Nearest neighbours by hand")]),
    ("Decision trees", "How does a tree choose its questions, and when should it stop asking?",
     [("tree", "tree", "Decision tree"), ("id3", None, "ID3 on a table"), ("ex_tree", None, "✎ Build the tree")]),
    ("Naive Bayes", "How do probabilities of single features decide a class?",
     [("id3", None, "naive Bayes on the tennis table"), ("playground", "gaussian_nb", "Gaussian naive Bayes"),
      ("ex_compute", None, "✎ Compute it")]),
    ("Linear models and the perceptron", "When does a straight line learn, and when does it never settle?",
     [("perceptron", None, "Perceptron"), ("playground", "logistic", "logistic regression"),
      ("ex_line", None, "✎ Place the line")]),
    ("SVM and kernels", "Which line is best, and how does a kernel bend it?",
     [("svm", None, "SVM and kernels"), ("ex_street", None, "✎ Widest street")]),
    ("Ensembles", "Why do many trees vote better than one?", [("ensembles", None, "Ensembles")]),
    ("Neural networks", "What do hidden units add to a perceptron?", [("nn", None, "Neural network")]),
    ("Multi-class", "How do two-class machines handle many classes?", [("multiclass", None, "Multi-class")]),
    ("Model selection", "Is my model too simple or too flexible, and how sure am I of its accuracy?",
     [("learning_curves", None, "Learning curves"), ("validation_curve", None, "Validation curve"),
      ("cross_validation", None, "Cross-validation"), ("search", None, "Search"),
      ("bias_variance", None, "Bias-variance"), ("compare", None, "Compare models"),
      ("ex_setting", None, "✎ Pick the setting"), ("ex_curve", None, "✎ Read the curve"),
      ("ex_which_model", None, "✎ Which model?")]),
    ("Learning theory", "How many examples are enough, and what does a bound promise?",
     [("learning_theory", None, "Learning theory"), ("ex_shatter", None, "✎ Shatter")]),
    ("Features", "What do scaling, new features and feature selection change?", [("features", None, "Features")]),
    ("The whole room", "What does the lecture hall answer before the algorithm does?",
     [("ask_the_room", None, "✎ Ask the room")]),
]

# A link that names a model names the data too: the Playground's opening (noisy moons), where
# models differ, rather than the defaults a link without data items means.
NOISY_MOONS = {"data": "moons", "noise": "0.35"}

page(APP_TITLE, name="home", with_dataset=False)
st.markdown(
    "Draw or generate a two-dimensional dataset, pick a classifier and its hyperparameters, "
    "and watch the decision regions, the boundary and the train and test accuracy change as you "
    "move a slider. Every algorithm is written from scratch with numpy in the `mlcore` package, "
    "short enough to read in a lecture; the app only draws what those models compute."
)

st.subheader("The course, stop by stop", anchor=False)
st.caption("Each stop links the pages that show it; ✎ marks an exercise that checks your own answer.")
built = {e.url_path for e in menu()}
for number, (topic, question, links) in enumerate(PATH, 1):
    text, buttons = st.columns([2, 3], vertical_alignment="center")
    text.markdown(f"**{number}. {topic}**  \n{question}")
    with buttons, st.container(horizontal=True):
        for name, model, label in links:
            if guide.PAGES[name].url_path not in built:
                continue
            guide.link(name, model=model, params={}, label=label, extra=NOISY_MOONS if model else None)

st.subheader("Models", anchor=False)
families = defaultdict(list)
for spec in MODELS.values():
    families[spec.family].append(spec)
cols = st.columns(len(families))
for col, (family, specs) in zip(cols, families.items(), strict=True):
    with col:
        st.markdown(f"**{family}**")
        for spec in specs:
            st.markdown(f"- {spec.label}  \n  <small>{spec.summary}</small>", unsafe_allow_html=True)
