// The public pages, each its own chunk (the landing and game pages will join the scan page). The
// current path's chunk starts loading with the entry (`prefetchPublicPage`), not after the first render.
import { type ComponentType, lazy } from 'react'
import { matchRoute, ROUTES } from '../domain/access'

const load = {
  scan: () => import('../features/scan/ScanContainer'),
}

export const ScanContainer = lazy(async () => ({
  default: (await load.scan()).ScanContainer,
})) as ComponentType<{
  uid: string
}>

const BY_ROUTE: Partial<Record<string, () => Promise<unknown>>> = {
  [ROUTES.scan.path]: load.scan,
}

/** Starts loading the chunk of the public page at `path`; a failure only means the route retries. */
export function prefetchPublicPage(path: string) {
  const rule = matchRoute(path)
  BY_ROUTE[rule?.path ?? '']?.().catch(() => {})
}
