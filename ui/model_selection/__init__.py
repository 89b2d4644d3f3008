"""What the curve and model-selection pages share: values tried, cached curves and sweeps."""
