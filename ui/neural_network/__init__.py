"""Helpers of the Neural network page only: the network it trains and the figures of one epoch,
and the logic gates' tables, networks and figures."""
