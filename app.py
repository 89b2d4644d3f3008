"""Entry point and router (`streamlit run app.py`): the menu, the page config, then the chosen page.

The landing page is home.py, shown as "Home"; the other pages are the files in pages/, grouped
into the menu's sections (ui.core.layout.SECTIONS), at the URL paths they always had
(/Playground, /SVM_and_kernels, ...).
"""

import streamlit as st

from ui.core.layout import navigation_pages, page_config
from ui.serving import hall

# expanded: every page listed (a collapsed menu would hide the model-selection and theory pages
# behind "View 7 more")
page = st.navigation(navigation_pages(), expanded=True)
page_config(page.title)
with hall.turn():  # a few page runs at a time: a hall arriving at once queues instead of thrashing
    page.run()
