"""Page framework: settings from specs, layout and menu, charts, presenter mode, lecture steps, Show code."""
