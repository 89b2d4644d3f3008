"""Landing page ("Home" in the menu, see app.py): what the playground is, links to every page, the models."""

from collections import defaultdict

import streamlit as st

from catalog.models import MODELS
from ui.core.layout import APP_TITLE, menu, page

page(APP_TITLE, name="home", with_dataset=False)
st.markdown(
    "Draw or generate a two-dimensional dataset, pick a classifier and its hyperparameters, "
    "and watch the decision regions, the boundary and the train and test accuracy change as you "
    "move a slider. Every algorithm is written from scratch with numpy in the `mlcore` package, "
    "short enough to read in a lecture; the app only draws what those models compute."
)

st.subheader("Pages", anchor=False)
sections = defaultdict(list)
for entry in menu()[1:]:
    sections[entry.section].append(entry)
for section, entries in sections.items():
    st.markdown(f"**{section}**")
    for entry in entries:
        st.page_link(entry.file, label=entry.label, icon=":material/arrow_forward:")

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
