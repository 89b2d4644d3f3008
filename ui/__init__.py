"""Streamlit glue: widgets built from specs, session and URL state, cached compute."""
