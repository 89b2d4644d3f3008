"""Helpers of the ID3 on a table page only: the lecture notes' worked examples."""
