// Phones and tablets: a page's main chart drawn by st.plotly_chart takes the screen's width.
// (The live planes do the same in ui/live/live_chart.js, which draws them itself.)
// data.target: the key of the chart's Streamlit container; data.height: its CSS height on a 720 px
// tall screen, taller by as much as the screen is (ui.core.layout.screen_height).
//
// The page's CSS gives the box the height the chart has on a 720 px tall projector, and the
// figure its projector margins. On a phone (up to 640 px) that left an equal-aspect plane
// 278 px wide in a 612 px box (Perceptron), and a curve or a heatmap 190-300 px wide between
// wide margins, a legend or a colour bar on its right. So on a phone the box reaches the
// screen's edges past the page's margin, the side margins get thin (the y axis no longer
// widens its margin to its labels), a legend on the right moves above the plot, a heatmap whose
// cells show their numbers loses its colour bar; on a phone or a tablet an equal-aspect plane's
// box is as tall as the plane at its width needs. Streamlit draws the figure again on every rerun (its own
// margins back), so this runs after every draw of the chart and changes only what differs.
const PHONE = "(max-width: 640px)", TABLET = "(max-width: 1024px), (hover: none) and (pointer: coarse)";
const MARGIN = { l: 44, r: 10 };   // room for the tick labels and a short axis title on the left
const TOP = { orientation: "h", x: 0, xanchor: "left", y: 1.02, yanchor: "bottom" };

function equalAspect(fl) {
  return Object.keys(fl).some((k) => /^yaxis\d*$/.test(k) && fl[k] && /^x\d*$/.test(fl[k].scaleanchor || ""));
}

// The legend moved above the plot sits above the subplots' titles too (paper units: the plot's
// height is 1), not over them.
function legendY(gd) {
  const fl = gd._fullLayout, top = gd.getBoundingClientRect().top + fl._size.t;
  let above = 0;
  for (const el of gd.querySelectorAll(".annotation")) {
    const r = el.getBoundingClientRect();
    if (r.height && r.bottom <= top + 2) above = Math.max(above, top - r.top);
  }
  return 1 + (above ? above + 4 : 0.02 * fl._size.h) / fl._size.h;
}

// The layout and trace changes a phone needs, or null when the figure already has them.
function phoneChanges(gd) {
  const layout = gd.layout || {}, margin = layout.margin || {}, fl = gd._fullLayout, changes = {};
  if ((margin.l ?? 80) > MARGIN.l) changes["margin.l"] = MARGIN.l;
  if ((margin.r ?? 80) > MARGIN.r) changes["margin.r"] = MARGIN.r;
  // Streamlit's theme lets the axis widen the left margin to fit its labels and title (to 84 px)
  for (const name of Object.keys(fl).filter((k) => /^yaxis\d*$/.test(k) && fl[k] && fl[k].automargin)) {
    changes[name + ".automargin"] = false;
  }
  const legend = fl.legend;
  if (fl.showlegend && legend && legend.orientation !== "h" && legend.x >= 1) {
    for (const [k, v] of Object.entries(TOP)) changes["legend." + k] = v;
    gd.__cpLegend = true;
  }
  if (gd.__cpLegend && fl.showlegend && legend && legend.orientation === "h") {
    const y = legendY(gd);
    if (Math.abs(y - legend.y) * fl._size.h > 3) changes["legend.y"] = y;
  }
  const bars = [];
  (gd.data || []).forEach((trace, i) => {
    const full = (gd._fullData || []).find((d) => d.index === i);
    if (full && full.showscale && full.type === "heatmap" && full.text && full.text.length) bars.push(i);
  });
  const any = Object.keys(changes).length || bars.length;
  return any ? { layout: changes, bars } : null;
}

async function fitPhone(Plotly, gd, box) {
  // the column's edges (the box's own move with the margins set here)
  const r = box.parentElement.getBoundingClientRect(), left = r.left, right = window.innerWidth - r.right;
  if (left >= 0 && right >= 0 && left < 24 && right < 24) {
    box.style.setProperty("margin-left", `${-left}px`, "important");
    box.style.setProperty("margin-right", `${-right}px`, "important");
    box.style.setProperty("width", `calc(100% + ${left + right}px)`, "important");
    box.style.setProperty("max-width", "none", "important");
  }
  const changes = phoneChanges(gd);
  if (!changes) return false;
  // a colour bar took 98 of 390 px: on a phone the cells' own numbers say their values
  if (changes.bars.length) await Plotly.restyle(gd, { showscale: false }, changes.bars);
  if (Object.keys(changes.layout).length) await Plotly.relayout(gd, changes.layout);
  return true;
}

// An equal-aspect plane's box: its margins and the plot its width allows, no taller than the
// screen (or the box's own CSS height, if that is taller: a short landscape screen).
function fitHeight(gd, box, cssHeight) {
  const fl = gd._fullLayout, s = fl._size;
  const [x0, x1] = (fl.xaxis.range || []).map(Number), [y0, y1] = (fl.yaxis.range || []).map(Number);
  // The smallest height-to-width ratio seen: plotly widens the shown range of an equal-aspect axis
  // (constrain "range") to fill a taller box, and that wider range would ask for a taller box
  // again, without end; the ratio the figure asked for is the smallest one shown.
  const seen = (Math.abs(y1 - y0) * (fl.yaxis.scaleratio || 1)) / Math.abs(x1 - x0);
  if (Number.isFinite(seen) && seen > 0) gd.__cpRatio = Math.min(gd.__cpRatio || Infinity, seen);
  const width = box.getBoundingClientRect().width - s.l - s.r;
  const plot = width * gd.__cpRatio;
  if (!(plot > 0) || !Number.isFinite(plot) || (fl._has && fl._has("cartesian") && fl._subplots.cartesian.length > 1)) return;
  const need = Math.ceil(s.t + s.b + plot) + 2;
  const css = Math.max(cssHeight, window.innerHeight - (720 - cssHeight));
  const height = `${Math.min(need, Math.max(css, window.innerHeight - 16))}px`, now = box.style.getPropertyValue("height");
  // back to the height before the last change: a size that flips between two, stay
  if (now === height || height === gd.__cpBefore) return;
  gd.__cpBefore = now;
  box.style.setProperty("height", height, "important");
}

// Streamlit sizes a stretched chart to its box when it draws it, not when the box changes after.
async function followBox(Plotly, gd, box) {
  const height = Math.floor(box.getBoundingClientRect().height);
  if (gd.layout && Math.abs((gd.layout.height || 0) - height) > 2) await Plotly.relayout(gd, { height });
}

function reset(box) {
  for (const name of ["height", "margin-left", "margin-right", "width", "max-width"]) box.style.removeProperty(name);
}

async function fit(key, cssHeight) {
  const w = window, box = document.querySelector(".st-key-" + key);
  const gd = box && box.querySelector(".js-plotly-plot");
  if (!gd || !gd._fullLayout || !gd._fullLayout.xaxis || !w.Plotly) return;
  if (w.__cpLive && w.__cpLive[key]) return;   // a live plane fits itself
  if (document.querySelector(".st-key-present_fill_" + key)) return;   // presenter mode sizes its chart
  if (!gd.__cpFitted) {
    gd.__cpFitted = true;
    gd.on("plotly_afterplot", () => w.__cpSmallSchedule());
  }
  if (!w.matchMedia(TABLET).matches) {
    reset(box);
    return;
  }
  if (gd.__cpBusy) {   // a draw while this fit waits on its own: look again once it is done
    gd.__cpAgain = true;
    return;
  }
  gd.__cpBusy = true;
  gd.__cpAgain = false;
  try {
    if (w.matchMedia(PHONE).matches && (await fitPhone(w.Plotly, gd, box))) return;   // its redraw fits again
    if (equalAspect(gd._fullLayout)) {
      // Margins that follow the tick labels follow the box's height (other ticks at another
      // size): with them the Perceptron's box went 471 -> 503 -> 471 px for ever on a tablet.
      const fl = gd._fullLayout, fixed = {};
      for (const name of Object.keys(fl).filter((k) => /^[xy]axis\d*$/.test(k) && fl[k] && fl[k].automargin)) {
        fixed[name + ".automargin"] = false;
      }
      if (Object.keys(fixed).length) {
        await w.Plotly.relayout(gd, fixed);
        return;   // its redraw fits again
      }
      fitHeight(gd, box, cssHeight);
      await followBox(w.Plotly, gd, box);
    }
  } finally {
    gd.__cpBusy = false;
    if (gd.__cpAgain) w.__cpSmallSchedule();
  }
}

export default function (component) {
  const { data } = component;
  const w = window;
  const target = data && data.target;
  if (!target) return undefined;
  if (!w.__cpSmallTargets) {
    w.__cpSmallTargets = new Map();
    let pending = false;
    w.__cpSmallSchedule = () => {
      if (pending) return;
      pending = true;
      w.requestAnimationFrame(() => {
        pending = false;
        for (const [key, height] of w.__cpSmallTargets) fit(key, height).catch((err) => console.error("small screens:", err));
      });
    };
    w.addEventListener("resize", w.__cpSmallSchedule);
    new MutationObserver(w.__cpSmallSchedule).observe(document.body, { childList: true, subtree: true });
  }
  w.__cpSmallTargets.set(target, data.height || 0);
  w.__cpSmallSchedule();
  return undefined;
}
