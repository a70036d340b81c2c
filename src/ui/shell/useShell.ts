import { useLocation } from 'wouter'
import { currentItem, type NavEntry, type NavItem, visibleEntries } from '../../domain/navigation'
import { useSession } from '../session/hooks'

/** The store selector is hidden under the administration and stores areas (§1). */
export function showsStoreSelector(path: string): boolean {
  return !/^\/pages\/(admin|stores)(\/|$)/.test(path)
}

/** What every part of the shell reads: the session's view, the visible entries and the current one. */
export function useShell() {
  const session = useSession()
  const [path] = useLocation()
  const entries: NavEntry[] = visibleEntries(session.role, session.features)
  const current: NavItem | null = currentItem(entries, path)
  return {
    session,
    path,
    entries,
    current,
    showStoreSelector: session.stores.length > 0 && showsStoreSelector(path),
  }
}
