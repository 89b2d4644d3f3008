"""The chart that stays in the browser and is updated in place: the component, its JavaScript, its codec."""
