// The guard of a page with unsaved changes (campaign editor, CRM form builder): while it runs, closing
// or reloading the tab asks the browser's own "leave this page?", and a link of the app (the
// navigation, a note's link) is held back and sent to the machine as `<type>` { to } so that it asks
// first. The machine invokes it only while its changes are unsaved.
// With `back`, the browser's back button asks too: a copy of the page's history entry is pushed, so
// "back" only pops that copy (the page stays) and is asked as `<type>` with LEAVE_BACK; a confirmed
// leave then goes back past both entries. While it is guarded no page lies ahead: forward asks nothing.
import { fromCallback } from 'xstate'

/** The `to` of a leave asked by the browser's back button: a confirmed leave goes back. */
export const LEAVE_BACK = 'history:back'

export function leaveGuard<T extends string>(type: T, options: { back?: boolean } = {}) {
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
    const page = `${location.pathname}${location.search}`
    const guard = () => history.pushState({ ...history.state, leaveGuard: true }, '', page)
    const onPopState = () => {
      // Back onto the page's own entry (not a confirmed leave going further): stay and ask.
      if (`${location.pathname}${location.search}` !== page || history.state?.leaveGuard) return
      guard()
      sendBack({ type, to: LEAVE_BACK })
    }
    if (options.back) {
      if (!history.state?.leaveGuard) guard()
      addEventListener('popstate', onPopState)
    }
    addEventListener('beforeunload', warn)
    document.addEventListener('click', onClick, true)
    return () => {
      removeEventListener('beforeunload', warn)
      removeEventListener('popstate', onPopState)
      document.removeEventListener('click', onClick, true)
    }
  })
}
