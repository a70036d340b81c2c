// The theme <html> shows (applyToDocument sets its `dark` class): for parts that paint outside CSS,
// such as the charts' SVG text, which cannot read the Panda variables. Works with or without the
// preferences provider (the demo pages), and follows a theme switch while mounted.
import { useSyncExternalStore } from 'react'

export type DocumentTheme = 'light' | 'dark'

const read = (): DocumentTheme =>
  typeof document !== 'undefined' && document.documentElement.classList.contains('dark') ? 'dark' : 'light'

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme'] })
  return () => observer.disconnect()
}

export function useDocumentTheme(): DocumentTheme {
  return useSyncExternalStore(subscribe, read, () => 'light')
}
