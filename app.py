"""Entry point and router (`streamlit run app.py`): the menu, the page config, then the chosen page.

The landing page is home.py, shown as "Home"; the other pages are the files in pages/, grouped
into the menu's sections (ui.core.layout.SECTIONS), at the URL paths they always had
(/Playground, /SVM_and_kernels, ...).
"""

from ui.serving import blas

blas.one_thread()   # before anything loads numpy: one BLAS thread per process (ui/serving/blas.py)

import streamlit as st  # noqa: E402

from ui.core.layout import navigation_pages, page_config, session_id  # noqa: E402
from ui.serving import hall  # noqa: E402

# expanded: every page listed (a collapsed menu would hide the model-selection and theory pages
# behind "View 7 more")
page = st.navigation(navigation_pages(), expanded=True)
page_config(page.title)
with hall.turn(session_id()):  # a few page runs at a time: a hall arriving at once queues instead of thrashing
    page.run()
