// Whether a part of the page has come on the screen: data.target is the key of its Streamlit
// container. "On the screen" means its top has come above the screen's bottom edge (the student
// scrolled to it, or past it). Sent once: a part shown stays shown for the session. A report both
// ways made a loop where the part's top sat at the screen's edge (presenter mode's plane reaches
// down to it): the part drawn moved the page by a scrollbar, which moved the part back out.
//
// The container can be drawn anew by a run, so each mount looks it up again, and an observer
// that finds its element gone from the page looks again.
export default function (component) {
  const { data, setStateValue } = component;
  const target = data && data.target;
  if (!target || data.shown) return undefined;
  let observer = null, watching = null, stopped = false;
  const attach = () => {
    if (stopped) return;
    const el = document.querySelector(".st-key-" + target);
    if (!el) { watching = setTimeout(attach, 250); return; }
    // a root reaching far above the screen: a part scrolled past counts as shown
    observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry.target.isConnected) { observer.disconnect(); attach(); return; }
      if (entry.isIntersecting && !stopped) {
        stopped = true;
        observer.disconnect();
        setStateValue("shown", true);
      }
    }, { rootMargin: "100000px 0px 0px 0px" });
    observer.observe(el);
  };
  attach();
  return () => {
    stopped = true;
    clearTimeout(watching);
    if (observer) observer.disconnect();
  };
}
