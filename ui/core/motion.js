// The browser's own "reduce motion" preference (prefers-reduced-motion), sent to the app once and
// again whenever it changes; data.reduce is what the app knows already, so nothing is sent twice.
export default function (component) {
  const { data, setStateValue } = component;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (!data || data.reduce !== reduce) setStateValue("reduce", reduce);
  return undefined;
}
