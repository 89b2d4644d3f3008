"""Helpers of the Ensembles page only: its cached views of the fitted ensemble and what its members add."""
