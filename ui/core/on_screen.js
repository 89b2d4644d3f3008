// Whether a part of the page has come on the screen: data.target is the key of its Streamlit
// container. "On the screen" means its top is above the screen's bottom edge (the student has
// scrolled to it, or past it); it is sent only when it differs from data.shown, what the app knows.
//
// The container can be drawn anew by a run, so each mount looks it up again, and an observer
// that finds its element gone from the page looks again after the next change of the page.
export default function (component) {
  const { data, setStateValue } = component;
  const target = data && data.target;
  if (!target) return undefined;
  let observer = null, watching = null, stopped = false;
  const known = { shown: !!data.shown };
  const report = (on) => {
    if (on !== known.shown) {
      known.shown = on;
      setStateValue("shown", on);
    }
  };
  const attach = () => {
    if (stopped) return;
    const el = document.querySelector(".st-key-" + target);
    if (!el) { watching = setTimeout(attach, 250); return; }
    // a root reaching far above the screen: a part scrolled past still counts as shown
    observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry.target.isConnected) { observer.disconnect(); attach(); return; }
      report(entry.isIntersecting);
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
