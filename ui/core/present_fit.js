// Presenter mode: a page's main chart reaches down to the bottom of the screen.
// data.target: the key of the chart's Streamlit container; data.gap: px left under it;
// data.min: the least height worth filling; a chart with less room under its top keeps the CSS
// height ui.layout.screen_height gave it (the page scrolls, as outside presenter mode).
//
// CSS alone cannot do this: the chart's height would be 100vh minus its own top, and its top
// depends on everything above it (lecture row, toggles, a step's text). So the chart's top is
// measured in the page, again whenever the page changes (a mutation, a resize of the window or the page), at most once
// per frame, and its height set only when it differs by more than a pixel (a new height makes
// plotly redraw, which changes the page again). A chart in a hidden tab is left alone until
// it shows.
export default function (component) {
  const { data } = component;
  const w = window;
  const target = data && data.target;
  if (!target) return undefined;
  const token = {};
  if (!w.__cpFitTargets) w.__cpFitTargets = new Map();
  w.__cpFitTargets.set(target, { token, gap: data.gap || 0, min: data.min || 0 });
  const element = (key) => document.querySelector(".st-key-" + key);
  if (!w.__cpFitOn) {
    w.__cpFitOn = true;
    let pending = false;
    const fit = () => {
      pending = false;
      for (const [key, c] of w.__cpFitTargets) {
        const el = element(key);
        if (!el || el.offsetParent === null) continue;
        const top = el.getBoundingClientRect().top + w.scrollY;
        const height = Math.floor(w.innerHeight - top - c.gap);
        const now = parseFloat(el.style.getPropertyValue("height")) || 0;
        if (height < c.min) {
          if (now) el.style.removeProperty("height");
        } else if (Math.abs(now - height) > 1) {
          el.style.setProperty("height", height + "px", "important");
        }
      }
    };
    w.__cpFitSchedule = () => {
      if (!pending) {
        pending = true;
        w.requestAnimationFrame(fit);
      }
    };
    w.addEventListener("resize", w.__cpFitSchedule);
    new MutationObserver(w.__cpFitSchedule).observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "aria-selected"],
    });
    w.__cpFitResize = new ResizeObserver(w.__cpFitSchedule);
    w.__cpFitWatched = new WeakSet();
  }
  // A late font or a finished transition moves the chart with no change to the DOM; the page's
  // block then changes size (the body does not: the page scrolls inside it).
  const block = document.querySelector(".block-container");
  if (block && !w.__cpFitWatched.has(block)) {
    w.__cpFitWatched.add(block);
    w.__cpFitResize.observe(block);
  }
  w.__cpFitSchedule();
  return () => {
    const mine = w.__cpFitTargets.get(target);
    if (mine && mine.token === token) w.__cpFitTargets.delete(target);
    // A rerun mounts this again at once: the chart gets its CSS height back only if no mount
    // took it over (out of presenter mode, another page), so it does not jump meanwhile.
    w.setTimeout(() => {
      const el = element(target);
      if (el && !w.__cpFitTargets.has(target)) el.style.removeProperty("height");
    }, 500);
  };
}
