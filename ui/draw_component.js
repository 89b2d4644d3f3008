// Adds a point where the user clicks on a Plotly chart elsewhere on the page.
// data.target: CSS class of the Streamlit container holding the chart.
// Sends {x, y, n} in data coordinates with setTriggerValue("click", ...).
// Native pointer listeners (capture phase, on window) are used rather than
// plotly_click: they keep working when Plotly re-creates the graph on a rerun
// and they fire on empty parts of the plane, where plotly_click does not.
export default function (component) {
  const { data, setTriggerValue } = component;
  const token = {};
  window.__cpDraw = { token, send: setTriggerValue, target: data && data.target, enabled: data && data.enabled };
  if (!window.__cpDrawListening) {
    window.__cpDrawListening = true;
    let down = null;
    const plotArea = (gd) => {
      const fl = gd && gd._fullLayout;
      if (!fl || !fl.xaxis || !fl.yaxis) return null;
      const r = gd.getBoundingClientRect();
      return { fl, left: r.left + fl.xaxis._offset, top: r.top + fl.yaxis._offset,
               width: fl.xaxis._length, height: fl.yaxis._length };
    };
    window.addEventListener("pointerdown", (e) => {
      down = null;
      const cfg = window.__cpDraw;
      if (!cfg || !cfg.enabled || e.button !== 0) return;
      const box = e.target.closest && e.target.closest("." + cfg.target);
      if (!box || e.target.closest(".modebar, .legend")) return;
      const gd = box.querySelector(".js-plotly-plot");
      const a = plotArea(gd);
      if (!a) return;
      const px = e.clientX - a.left, py = e.clientY - a.top;
      if (px < 0 || py < 0 || px > a.width || py > a.height) return;
      down = { gd, x: e.clientX, y: e.clientY, t: Date.now() };
    }, true);
    window.addEventListener("pointerup", (e) => {
      const cfg = window.__cpDraw;
      const d = down;
      down = null;
      if (!cfg || !d || Math.hypot(e.clientX - d.x, e.clientY - d.y) > 5 || Date.now() - d.t > 800) return;
      const a = plotArea(d.gd);
      if (!a) return;
      const x = a.fl.xaxis.p2d(e.clientX - a.left);
      const y = a.fl.yaxis.p2d(e.clientY - a.top);
      if (Number.isFinite(x) && Number.isFinite(y)) {
        window.__cpDrawCount = (window.__cpDrawCount || 0) + 1;
        cfg.send("click", { x, y, n: window.__cpDrawCount });
      }
    }, true);
  }
  return () => {
    if (window.__cpDraw && window.__cpDraw.token === token) window.__cpDraw = null;
  };
}
