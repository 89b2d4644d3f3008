// Adds a point where the user clicks on a Plotly chart elsewhere on the page.
// data.target: CSS class of the Streamlit container holding the chart.
// data.enabled: whether clicks add points. data.seen: [document, n] of the last click the app took.
//
// Every click joins a queue as {x, y, n} in data coordinates (n counts this document's clicks),
// and each click sends the whole queue with setTriggerValue("click", {doc, points}): clicks made
// while the app reruns arrive with the next send instead of being lost when Streamlit coalesces
// trigger values or remounts this component. The app takes the points it has not seen and says
// so in data.seen; the queue then forgets them.
//
// Native pointer listeners (capture phase, on window) are used rather than plotly_click: they
// keep working when Plotly re-creates the graph on a rerun and they fire on empty parts of the
// plane, where plotly_click does not.
//
// Where a click lands is read from the chart's last STEADY plot area: its position in client
// pixels and its axis ranges, once three looks 100 ms apart agree. While a rerun redraws the
// chart, the graph under the pointer can be half-built (axes of length 0) or drawn for a moment
// with other ranges or at another place; the user clicked on what stood there before. A click
// made before any plot area was steady waits (in pixels) for the first one, and the clicks
// after it wait behind it.
export default function (component) {
  const { data, setTriggerValue } = component;
  const token = {};
  const cfg = { token, send: setTriggerValue, target: data && data.target, enabled: !!(data && data.enabled) };
  const w = window;
  w.__cpDraw = cfg;
  w.__cpDrawLast = { target: cfg.target, enabled: cfg.enabled };
  if (!w.__cpDrawDoc) {
    w.__cpDrawDoc = Date.now().toString(36) + Math.random().toString(36).slice(2);
    w.__cpDrawQueue = [];
    w.__cpDrawWaiting = [];
  }
  const seen = data && data.seen;
  if (seen && seen[0] === w.__cpDrawDoc) w.__cpDrawQueue = w.__cpDrawQueue.filter((p) => p.n > seen[1]);
  const flush = () => {
    const c = w.__cpDraw;
    if (c && c.enabled && w.__cpDrawQueue.length) {
      c.send("click", { doc: w.__cpDrawDoc, points: w.__cpDrawQueue.map(({ x, y, n }) => ({ x, y, n })) });
    }
  };
  // Clicks the app has not taken yet (made while no listener was mounted, or sent to a run that
  // was then replaced) go out again with this mount.
  flush();
  if (!w.__cpDrawListening) {
    w.__cpDrawListening = true;
    let down = null;
    const measure = (gd) => {
      const fl = gd && gd._fullLayout;
      if (!fl || !fl.xaxis || !fl.yaxis || !fl.xaxis.range || !fl.yaxis.range) return null;
      const r = gd.getBoundingClientRect();
      const width = fl.xaxis._length, height = fl.yaxis._length;
      // Half-built: both axes about 0 long. An equal-aspect plane drawn whole fills one side of
      // its box and can leave much of the other empty (a tall box on a tablet held a plot 19% of
      // its height, and every tap there waited for a steady plane that never came).
      if (!(width > 20 && height > 20 && (width > 0.3 * r.width || height > 0.3 * r.height))) return null;
      const [x0, x1] = fl.xaxis.range.map(Number), [y0, y1] = fl.yaxis.range.map(Number);
      if (![x0, x1, y0, y1].every(Number.isFinite) || x0 === x1 || y0 === y1) return null;
      // A graph drawn whole shows the ranges its figure asks for, at the size of its element; one
      // caught mid-redraw may show autoranged axes, or a default size before it stretches.
      const close = (a, b) => Math.abs(a - b) <= 1e-6 * (Math.abs(a) + Math.abs(b) + 1);
      for (const [axis, lo, hi] of [["xaxis", x0, x1], ["yaxis", y0, y1]]) {
        const asked = gd.layout && gd.layout[axis] && gd.layout[axis].range;
        if (Array.isArray(asked) && !(close(Number(asked[0]), lo) && close(Number(asked[1]), hi))) return null;
      }
      if (Math.abs(fl.width - r.width) > 2 || Math.abs(fl.height - r.height) > 2) return null;
      return { left: r.left + fl.xaxis._offset, top: r.top + fl.yaxis._offset, width, height, x0, x1, y0, y1 };
    };
    const same = (a, b) => a && b && Object.keys(a).every((k) => Math.abs(a[k] - b[k]) < 1e-9);
    const inside = (a, cx, cy) => {
      const px = cx - a.left, py = cy - a.top;
      return px >= 0 && py >= 0 && px <= a.width && py <= a.height;
    };
    // Linear axes: the data coordinates of a client pixel.
    const toData = (a, cx, cy) => ({ x: a.x0 + ((cx - a.left) / a.width) * (a.x1 - a.x0),
                                     y: a.y1 - ((cy - a.top) / a.height) * (a.y1 - a.y0) });
    const take = (point) => {
      if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) return;
      w.__cpDrawCount = (w.__cpDrawCount || 0) + 1;
      w.__cpDrawQueue.push({ x: point.x, y: point.y, n: w.__cpDrawCount });
    };
    const steady = {}, looks = {};
    setInterval(() => {
      const c = w.__cpDrawLast;
      const box = c && document.querySelector("." + c.target);
      if (!box) return;
      const now = measure(box.querySelector(".js-plotly-plot")), before = looks[c.target] || [];
      looks[c.target] = [now, before[0]];
      if (!(before.length === 2 && same(now, before[0]) && same(now, before[1]))) return;
      steady[c.target] = now;
      const waiting = w.__cpDrawWaiting.filter((p) => p.target === c.target);
      if (!waiting.length) return;
      w.__cpDrawWaiting = w.__cpDrawWaiting.filter((p) => p.target !== c.target);
      waiting.filter((p) => inside(now, p.cx, p.cy)).forEach((p) => take(toData(now, p.cx, p.cy)));
      flush();
    }, 100);
    w.addEventListener("pointerdown", (e) => {
      down = null;
      const c = w.__cpDrawLast;
      if (!c || !c.enabled || e.button !== 0) return;
      const el = e.target;
      // a control (a radio's label, a select) is never the plane, even where the plane stood before a scroll
      if (!el.closest || el.closest(".modebar, .legend, [data-testid='stSidebar'], button, input, textarea, label, " +
                                    "[role='radiogroup'], [data-baseweb='select']")) return;
      const box = el.closest("." + c.target);
      if (!box && !el.closest("[data-testid='stMain']")) return;
      const a = steady[c.target];
      if (a ? !inside(a, e.clientX, e.clientY) : !box) return;
      down = { a, target: c.target, cx: e.clientX, cy: e.clientY, t: Date.now() };
    }, true);
    w.addEventListener("pointerup", (e) => {
      const d = down;
      down = null;
      if (!d || Math.hypot(e.clientX - d.cx, e.clientY - d.cy) > 5 || Date.now() - d.t > 800) return;
      // Clicks keep their order: behind a waiting click, a click waits too.
      if (d.a && !w.__cpDrawWaiting.length) {
        take(toData(d.a, d.cx, d.cy));
        flush();
      } else {
        w.__cpDrawWaiting.push({ target: d.target, cx: d.cx, cy: d.cy });
      }
    }, true);
  }
  return () => {
    if (w.__cpDraw && w.__cpDraw.token === token) w.__cpDraw = null;
  };
}
