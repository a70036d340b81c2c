// The public pages, each its own chunk (the landing and game pages will join the scan page). The
// current path's chunk starts loading with the entry (`prefetchPublicPage`), not after the first render.
import { type ComponentType, lazy } from 'react'
import { matchRoute, ROUTES } from '../domain/access'

const load = {
  scan: () => import('../features/scan/ScanContainer'),
  coupon: () => import('../features/campaign-coupon/CampaignCouponContainer'),
  gamePlay: () => import('../features/game-play/GamePlayContainer'),
  landing: () => import('../features/emarketing/LandingContainer'),
}

export const ScanContainer = lazy(async () => ({
  default: (await load.scan()).ScanContainer,
})) as ComponentType<{
  uid: string
}>

export const CampaignCouponContainer = lazy(async () => ({
  default: (await load.coupon()).CampaignCouponContainer,
})) as ComponentType<{ code: string }>

export const GamePlayContainer = lazy(async () => ({
  default: (await load.gamePlay()).GamePlayContainer,
})) as ComponentType<{ id: string; storeId: string | null }>
export const LandingContainer = lazy(async () => ({
  default: (await load.landing()).LandingContainer,
})) as ComponentType<{ slug: string }>

const BY_ROUTE: Partial<Record<string, () => Promise<unknown>>> = {
  [ROUTES.scan.path]: load.scan,
  [ROUTES.coupon.path]: load.coupon,
  [ROUTES.gamePlay.path]: load.gamePlay,
  [ROUTES.landing.path]: load.landing,
}

/** Starts loading the chunk of the public page at `path`; a failure only means the route retries. */
export function prefetchPublicPage(path: string) {
  const rule = matchRoute(path)
  BY_ROUTE[rule?.path ?? '']?.().catch(() => {})
}
