/** Local storage and <html> as a fresh browser has them. */
export function resetBrowser() {
  localStorage.clear()
  sessionStorage.clear()
  const html = document.documentElement
  for (const a of ['lang', 'dir', 'data-theme', 'data-animations', 'class']) html.removeAttribute(a)
}
