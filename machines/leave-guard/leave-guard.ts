// The guard of a page with unsaved changes (campaign editor, CRM form builder): while it runs, closing
// or reloading the tab asks the browser's own "leave this page?", and a link of the app (the
// navigation, a note's link) is held back and sent to the machine as `<type>` { to } so that it asks
// first. The machine invokes it only while its changes are unsaved.
import { fromCallback } from 'xstate'

export function leaveGuard<T extends string>(type: T) {
  return fromCallback(({ sendBack }) => {
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
    }
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
      if (!link || link.target === '_blank' || link.origin !== location.origin) return
      event.preventDefault()
      event.stopPropagation()
      sendBack({ type, to: `${link.pathname}${link.search}` })
    }
    addEventListener('beforeunload', warn)
    document.addEventListener('click', onClick, true)
    return () => {
      removeEventListener('beforeunload', warn)
      document.removeEventListener('click', onClick, true)
    }
  })
}
