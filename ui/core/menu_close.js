// On a phone the menu covers the page: once the user has chosen a page in it, close it.
// Runs after every page run; closes only when the address's path changed since the last run
// (a page change) and the screen is narrow, so the menu a student opened to change the data stays open.
export default function () {
  const w = window;
  const path = w.location.pathname;
  const before = w.__cpMenuPath;
  w.__cpMenuPath = path;
  if (before === undefined || before === path || w.innerWidth >= 768) return undefined;
  const sidebar = document.querySelector('[data-testid="stSidebar"]');
  const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
  if (sidebar && close && sidebar.getBoundingClientRect().right > 0) close.click();
  return undefined;
}
