"""The working dataset of a session: its recipe, the sidebar panel, CSV uploads, drawn and erased points."""
