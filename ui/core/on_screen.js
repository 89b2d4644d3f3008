// Whether a part of the page has come on the screen: data.target is the key of its Streamlit
// container. "On the screen" means its top has come above the screen's bottom edge (the student
// scrolled to it, or past it). Sent once: a part shown stays shown for the session. A report both
// ways made a loop where the part's top sat at the screen's edge (presenter mode's plane reaches
// down to it): the part drawn moved the page by a scrollbar, which moved the part back out.
//
// The container can be drawn anew by a run, so each mount looks it up again, and an observer
// that finds its element gone from the page looks again.
const SETTLE_MS = 400;

export default function (component) {
  const { data, setStateValue } = component;
  const target = data && data.target;
  if (!target || data.shown) return undefined;
  let observer = null, watching = null, settling = null, stopped = false;
  const attach = () => {
    if (stopped) return;
    const el = document.querySelector(".st-key-" + target);
    if (!el) { watching = setTimeout(attach, 250); return; }
    // a root reaching far above the screen: a part scrolled past counts as shown
    observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry.target.isConnected) { observer.disconnect(); attach(); return; }
      clearTimeout(settling);
      if (entry.isIntersecting && !stopped) {
        // still there a moment later: a page still being laid out (the plane above not yet its
        // height, a loaded machine) can pass the part over the screen for a frame
        settling = setTimeout(() => {
          if (stopped || !el.isConnected || el.getBoundingClientRect().top >= window.innerHeight) return;
          stopped = true;
          observer.disconnect();
          setStateValue("shown", true);
        }, SETTLE_MS);
      }
    }, { rootMargin: "100000px 0px 0px 0px" });
    observer.observe(el);
  };
  attach();
  return () => {
    stopped = true;
    clearTimeout(watching);
    clearTimeout(settling);
    if (observer) observer.disconnect();
  };
}
