// Every page area loads as its own chunk on its first visit (issue 17). The route table names these
// lazy components; `prefetchPage` starts the download of a path's chunk ahead (the start page's, once
// signed in). The same import() specifier is fetched once: the prefetch and the route share it.
import { type ComponentType, lazy } from 'react'
import { matchRoute, ROUTES } from '../domain/access'

/** A lazy component from one named export of a module loaded by `load`. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  // biome-ignore lint/suspicious/noExplicitAny: lazy() takes any component; the cast gives back M[K]'s props
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> })) as M[K]
}

const load = {
  // The signed-in frame (toolbar, navbar, panels): not needed by the login page, kept mounted after.
  shell: () => import('./ShellRoutes'),
  shellLayout: () => import('../ui/shell/ShellLayout'),
  register: () => import('../features/auth/RegisterContainer'),
  registerConfirm: () => import('../features/auth/RegisterConfirmContainer'),
  forgotPassword: () => import('../features/auth/ForgotPasswordContainer'),
  resetPassword: () => import('../features/auth/ResetPasswordContainer'),
  confirmation: () => import('../features/auth/ConfirmationContainer'),
  admin: () => import('../features/admin/AdminDashboardContainer'),
  franchisePanel: () => import('../features/admin/FranchisePanelContainer'),
  analytics: () => import('../features/analytics/AnalyticsContainer'),
  clientList: () => import('../features/clients/ClientListContainer'),
  clientDetail: () => import('../features/clients/ClientDetailContainer'),
  clientImport: () => import('../features/imports/ImportContainer'),
  webhooks: () => import('../features/webhooks/WebhooksSection'),
  crm: () => import('../features/crm/CrmContainer'),
  cardClients: () => import('../features/clients/CardClients'),
  campaignEditor: () => import('../features/campaigns/CampaignEditorContainer'),
  campaignHistory: () => import('../features/campaigns/CampaignHistoryContainer'),
  campaignDetail: () => import('../features/campaigns/CampaignDetailContainer'),
  demo: () => import('../features/demo/DemoContainer'),
  franchise: () => import('../features/franchise/FranchiseContainer'),
  loyalty: () => import('../features/loyalty/LoyaltyContainer'),
  satisfaction: () => import('../features/opinions/SatisfactionContainer'),
  storeOpinions: () => import('../features/opinions/StoreOpinionsContainer'),
  messages: () => import('../features/messages/MessagesContainer'),
  owners: () => import('../features/owners/OwnersContainer'),
  marketingList: () => import('../features/marketing/AutomationListContainer'),
  marketingEditor: () => import('../features/marketing/AutomationEditorContainer'),
  news: () => import('../features/news/NewsContainer'),
  emarketing: () => import('../features/emarketing/EmarketingContainer'),
  offersCalendar: () => import('../features/news/CalendarContainer'),
  gameHistory: () => import('../features/games/GameHistoryContainer'),
  gameWizard: () => import('../features/games/GameWizardContainer'),
  gameDetail: () => import('../features/games/GameDetailContainer'),
  couponRedeem: () => import('../features/coupons/CouponRedeemContainer'),
  pos: () => import('../features/pos/PosIntegrationSection'),
  profile: () => import('../features/profile/ProfileContainer'),
  storeTags: () => import('../features/sale/StoreTagsSection'),
  tagScanner: () => import('../features/sale/TagScannerContainer'),
  scan: () => import('../features/scan/ScanContainer'),
  store: () => import('../features/stores/StoreContainer'),
  storeList: () => import('../features/stores/StoreListContainer'),
}

export const ShellRoutes = page(load.shell, 'ShellRoutes')
export const ShellLayout = page(load.shellLayout, 'ShellLayout')
export const RegisterContainer = page(load.register, 'RegisterContainer')
export const RegisterConfirmContainer = page(load.registerConfirm, 'RegisterConfirmContainer')
export const ForgotPasswordContainer = page(load.forgotPassword, 'ForgotPasswordContainer')
export const ResetPasswordContainer = page(load.resetPassword, 'ResetPasswordContainer')
export const ConfirmationContainer = page(load.confirmation, 'ConfirmationContainer')
export const AdminDashboardContainer = page(load.admin, 'AdminDashboardContainer')
export const FranchisePanelContainer = page(load.franchisePanel, 'FranchisePanelContainer')
export const AnalyticsContainer = page(load.analytics, 'AnalyticsContainer')
export const ClientListContainer = page(load.clientList, 'ClientListContainer')
export const ImportContainer = page(load.clientImport, 'ImportContainer')
export const ClientDetailContainer = page(load.clientDetail, 'ClientDetailContainer')
export const CrmContainer = page(load.crm, 'CrmContainer')
export const CardClients = page(load.cardClients, 'CardClients')
export const CampaignEditorContainer = page(load.campaignEditor, 'CampaignEditorContainer')
export const CampaignHistoryContainer = page(load.campaignHistory, 'CampaignHistoryContainer')
export const CampaignDetailContainer = page(load.campaignDetail, 'CampaignDetailContainer')
export const DemoContainer = page(load.demo, 'DemoContainer')
export const FranchiseContainer = page(load.franchise, 'FranchiseContainer')
export const LoyaltyContainer = page(load.loyalty, 'LoyaltyContainer')
export const SatisfactionContainer = page(load.satisfaction, 'SatisfactionContainer')
export const StoreOpinionsContainer = page(load.storeOpinions, 'StoreOpinionsContainer')
export const MessagesContainer = page(load.messages, 'MessagesContainer')
export const OwnersContainer = page(load.owners, 'OwnersContainer')
export const AutomationListContainer = page(load.marketingList, 'AutomationListContainer')
export const AutomationEditorContainer = page(load.marketingEditor, 'AutomationEditorContainer')
export const NewsContainer = page(load.news, 'NewsContainer')
export const EmarketingContainer = page(load.emarketing, 'EmarketingContainer')
export const CalendarContainer = page(load.offersCalendar, 'CalendarContainer')
export const GameHistoryContainer = page(load.gameHistory, 'GameHistoryContainer')
export const GameWizardContainer = page(load.gameWizard, 'GameWizardContainer')
/** The franchise page's webhooks panel (issue 23): its own chunk, handed to the franchise page. */
export const WebhooksSection = page(load.webhooks, 'WebhooksSection')
export const GameDetailContainer = page(load.gameDetail, 'GameDetailContainer')
export const CouponRedeemContainer = page(load.couponRedeem, 'CouponRedeemContainer')
export const PosIntegrationSection = page(load.pos, 'PosIntegrationSection')
export const ProfileContainer = page(load.profile, 'ProfileContainer')
export const StoreTagsSection = page(load.storeTags, 'StoreTagsSection')
export const TagScannerContainer = page(load.tagScanner, 'TagScannerContainer')
export const ScanContainer = page(load.scan, 'ScanContainer')
export const StoreContainer = page(load.store, 'StoreContainer')
export const StoreListContainer = page(load.storeList, 'StoreListContainer')

/** The chunks a route's first paint needs, by route pattern (ROUTES). */
const PREFETCH: Partial<Record<string, readonly (() => Promise<unknown>)[]>> = {
  [ROUTES.confirmation.path]: [load.confirmation],
  [ROUTES.analytics.path]: [load.analytics],
  [ROUTES.loyalty.path]: [load.loyalty],
  [ROUTES.clients.path]: [load.clientList],
  [ROUTES.client.path]: [load.clientDetail],
  [ROUTES.clientImport.path]: [load.clientImport],
  [ROUTES.crm.path]: [load.crm],
  [ROUTES.satisfaction.path]: [load.satisfaction],
  [ROUTES.campaignNew.path]: [load.campaignEditor],
  [ROUTES.campaignEdit.path]: [load.campaignEditor],
  [ROUTES.campaignHistory.path]: [load.campaignHistory],
  [ROUTES.campaign.path]: [load.campaignDetail],
  [ROUTES.stores.path]: [load.storeList],
  [ROUTES.store.path]: [load.store, load.storeTags, load.pos],
  [ROUTES.storeOpinions.path]: [load.storeOpinions],
  [ROUTES.profile.path]: [load.profile],
  [ROUTES.franchise.path]: [load.franchise],
  [ROUTES.messages.path]: [load.messages],
  [ROUTES.owners.path]: [load.owners],
  [ROUTES.news.path]: [load.news],
  [ROUTES.emarketing.path]: [load.emarketing],
  [ROUTES.offersCalendar.path]: [load.offersCalendar],
  [ROUTES.games.path]: [load.gameHistory],
  [ROUTES.gameNew.path]: [load.gameWizard],
  [ROUTES.game.path]: [load.gameDetail],
  [ROUTES.gameEdit.path]: [load.gameWizard],
  [ROUTES.coupons.path]: [load.couponRedeem],
  [ROUTES.couponRedeem.path]: [load.couponRedeem],
  [ROUTES.admin.path]: [load.admin],
  [ROUTES.franchisePanel.path]: [load.franchisePanel],
  [ROUTES.demoAnalytics.path]: [load.demo, load.analytics],
  [ROUTES.demoLoyalty.path]: [load.demo, load.loyalty],
  [ROUTES.demoClients.path]: [load.demo, load.clientList],
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
export const prefetchAllPages = () => Promise.all(Object.values(load).map((loader) => loader()))
