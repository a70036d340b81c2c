// Puts a text on the clipboard. Resolves false rather than throwing: browsers without the Clipboard
// API (plain http, old engines) or refusing it (no permission, page not focused) leave the caller to
// say so, e.g. with a toast.
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!globalThis.navigator?.clipboard) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
