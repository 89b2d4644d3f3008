"""Helpers of the Features page only."""
