"""Helpers of the Decision tree page only: the shared fits (the full tree, the pruning path), the
plane cut at a depth, and the followed point's path in words."""
