// Navigation in the browser, after every page run.
// History: Streamlit adds a history entry for every change of the address, so every slider step
// was one and Back put the previous value straight back. A change that keeps the page (same path,
// new query) now replaces the entry; a page change still adds one, so Back goes to the previous
// page (its address carries its settings) and Forward returns.
// Phones and portrait tablets: the menu covers the page (or, docked on an 820 px tablet, leaves
// it 430 px), so it starts closed, and once a page is chosen in it (the path changed since the
// last run on a narrow screen) it closes; a menu opened to change the data stays open.
const NARROW = 1024;   // px: ui/core/small_screens.py's tablet

export default function () {
  const w = window;
  if (!w.__cpHistory) {
    w.__cpHistory = true;
    const push = w.history.pushState.bind(w.history);
    w.history.pushState = (state, title, url) => {
      const next = url == null ? w.location : new URL(url, w.location.href);
      if (next.pathname === w.location.pathname) return w.history.replaceState(state, title, url);
      return push(state, title, url);
    };
  }
  const path = w.location.pathname;
  const before = w.__cpMenuPath;
  w.__cpMenuPath = path;
  // (Streamlit closes it on load only below 768 px)
  if (before === path || w.innerWidth > NARROW) return undefined;
  const sidebar = document.querySelector('[data-testid="stSidebar"]');
  const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
  if (sidebar && close && sidebar.getBoundingClientRect().right > 0) close.click();
  // On a first load on a tablet the menu may be drawn docked after this ran: look again, once it
  // has settled, unless the student opened it meanwhile (a tap on its button within the 800 ms).
  if (before === undefined && w.innerWidth >= 768) {
    const opened = (e) => {
      if (e.target.closest && e.target.closest('[data-testid="stExpandSidebarButton"]')) w.__cpMenuOpened = true;
    };
    document.addEventListener("pointerdown", opened, true);
    document.addEventListener("click", opened, true);
    setTimeout(() => {
      document.removeEventListener("pointerdown", opened, true);
      document.removeEventListener("click", opened, true);
      if (!w.__cpMenuOpened) closeMenu();
    }, 800);
  }
  return undefined;
}

function closeMenu() {
  const sidebar = document.querySelector('[data-testid="stSidebar"]');
  const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
  if (sidebar && close && sidebar.getBoundingClientRect().right > 0) close.click();
}
