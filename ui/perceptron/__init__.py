"""Helpers of the Perceptron page only."""
