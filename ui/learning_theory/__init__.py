"""Helpers of the Learning theory page only."""
