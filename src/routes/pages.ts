// Every page area loads as its own chunk on its first visit (issue 17). The route table names these
// lazy components; `prefetchPage` starts the download of a path's chunk ahead (the start page's, once
// signed in). The same import() specifier is fetched once: the prefetch and the route share it.
import { matchRoute, ROUTES } from '../domain/access'
import { page } from './lazy-page'
import { shellLoad } from './shell-pages'

const load = {
  // The signed-in frame (toolbar, navbar, panels): not needed by the login page, kept mounted after.
  shell: () => import('./ShellRoutes'),
  shellLayout: () => import('../ui/shell/ShellLayout'),
  register: () => import('../features/auth/RegisterContainer'),
  registerConfirm: () => import('../features/auth/RegisterConfirmContainer'),
  forgotPassword: () => import('../features/auth/ForgotPasswordContainer'),
  resetPassword: () => import('../features/auth/ResetPasswordContainer'),
  confirmation: () => import('../features/auth/ConfirmationContainer'),
  tagScanner: () => import('../features/sale/TagScannerContainer'),
  scan: () => import('../features/scan/ScanContainer'),
}

export const ShellRoutes = page(load.shell, 'ShellRoutes')
export const ShellLayout = page(load.shellLayout, 'ShellLayout')
export const RegisterContainer = page(load.register, 'RegisterContainer')
export const RegisterConfirmContainer = page(load.registerConfirm, 'RegisterConfirmContainer')
export const ForgotPasswordContainer = page(load.forgotPassword, 'ForgotPasswordContainer')
export const ResetPasswordContainer = page(load.resetPassword, 'ResetPasswordContainer')
export const ConfirmationContainer = page(load.confirmation, 'ConfirmationContainer')
export const TagScannerContainer = page(load.tagScanner, 'TagScannerContainer')
export const ScanContainer = page(load.scan, 'ScanContainer')

/** The chunks a route's first paint needs, by route pattern (ROUTES). */
const PREFETCH: Partial<Record<string, readonly (() => Promise<unknown>)[]>> = {
  [ROUTES.confirmation.path]: [load.confirmation],
  [ROUTES.analytics.path]: [shellLoad.analytics],
  [ROUTES.loyalty.path]: [shellLoad.loyalty],
  [ROUTES.clients.path]: [shellLoad.clientList],
  [ROUTES.client.path]: [shellLoad.clientDetail],
  [ROUTES.clientImport.path]: [shellLoad.clientImport],
  [ROUTES.crm.path]: [shellLoad.crm],
  [ROUTES.satisfaction.path]: [shellLoad.satisfaction],
  [ROUTES.campaignNew.path]: [shellLoad.campaignEditor],
  [ROUTES.campaignEdit.path]: [shellLoad.campaignEditor],
  [ROUTES.campaignHistory.path]: [shellLoad.campaignHistory],
  [ROUTES.campaign.path]: [shellLoad.campaignDetail],
  [ROUTES.stores.path]: [shellLoad.storeList],
  [ROUTES.store.path]: [shellLoad.store, shellLoad.storeTags, shellLoad.pos],
  [ROUTES.storeOpinions.path]: [shellLoad.storeOpinions],
  [ROUTES.profile.path]: [shellLoad.profile],
  [ROUTES.franchise.path]: [shellLoad.franchise],
  [ROUTES.messages.path]: [shellLoad.messages],
  [ROUTES.owners.path]: [shellLoad.owners],
  [ROUTES.news.path]: [shellLoad.news],
  [ROUTES.emarketing.path]: [shellLoad.emarketing],
  [ROUTES.offersCalendar.path]: [shellLoad.offersCalendar],
  [ROUTES.games.path]: [shellLoad.gameHistory],
  [ROUTES.gameNew.path]: [shellLoad.gameWizard],
  [ROUTES.game.path]: [shellLoad.gameDetail],
  [ROUTES.gameEdit.path]: [shellLoad.gameWizard],
  [ROUTES.coupons.path]: [shellLoad.couponRedeem],
  [ROUTES.couponRedeem.path]: [shellLoad.couponRedeem],
  [ROUTES.admin.path]: [shellLoad.admin],
  [ROUTES.franchisePanel.path]: [shellLoad.franchisePanel],
  [ROUTES.demoAnalytics.path]: [shellLoad.demo, shellLoad.analytics],
  [ROUTES.demoLoyalty.path]: [shellLoad.demo, shellLoad.loyalty],
  [ROUTES.demoClients.path]: [shellLoad.demo, shellLoad.clientList],
}

/**
 * Starts loading the chunks of the page at `path` (with the shell for the pages under /pages), without waiting: a failure here only means the route loads them itself later.
 */
export function prefetchPage(path: string) {
  const rule = matchRoute(path.split('?')[0] ?? path)
  const frame = path.startsWith('/pages/') ? [load.shell] : []
  for (const loader of [...frame, ...((rule && PREFETCH[rule.path]) ?? [])]) loader().catch(() => {})
}

/** Loads every page's chunk (tests start with them loaded; an installed app could warm its cache). */
export const prefetchAllPages = () =>
  Promise.all([...Object.values(load), ...Object.values(shellLoad)].map((loader) => loader()))
