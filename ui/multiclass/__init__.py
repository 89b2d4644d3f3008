"""Helpers of the Multi-class page only: the fits of its strategies and its figures."""
