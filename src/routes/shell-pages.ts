// The pages inside the signed-in shell, each its own chunk (issue 17). ShellRoutes names these lazy
// components and pages.ts prefetches their chunks by route: apart from pages.ts, so that the shell's
// chunk, which pages.ts loads, imports nothing back from it.
import { page } from './lazy-page'

export const shellLoad = {
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
  store: () => import('../features/stores/StoreContainer'),
  storeList: () => import('../features/stores/StoreListContainer'),
}

export const AdminDashboardContainer = page(shellLoad.admin, 'AdminDashboardContainer')
export const FranchisePanelContainer = page(shellLoad.franchisePanel, 'FranchisePanelContainer')
export const AnalyticsContainer = page(shellLoad.analytics, 'AnalyticsContainer')
export const ClientListContainer = page(shellLoad.clientList, 'ClientListContainer')
export const ImportContainer = page(shellLoad.clientImport, 'ImportContainer')
export const ClientDetailContainer = page(shellLoad.clientDetail, 'ClientDetailContainer')
export const CrmContainer = page(shellLoad.crm, 'CrmContainer')
export const CardClients = page(shellLoad.cardClients, 'CardClients')
export const CampaignEditorContainer = page(shellLoad.campaignEditor, 'CampaignEditorContainer')
export const CampaignHistoryContainer = page(shellLoad.campaignHistory, 'CampaignHistoryContainer')
export const CampaignDetailContainer = page(shellLoad.campaignDetail, 'CampaignDetailContainer')
export const DemoContainer = page(shellLoad.demo, 'DemoContainer')
export const FranchiseContainer = page(shellLoad.franchise, 'FranchiseContainer')
export const LoyaltyContainer = page(shellLoad.loyalty, 'LoyaltyContainer')
export const SatisfactionContainer = page(shellLoad.satisfaction, 'SatisfactionContainer')
export const StoreOpinionsContainer = page(shellLoad.storeOpinions, 'StoreOpinionsContainer')
export const MessagesContainer = page(shellLoad.messages, 'MessagesContainer')
export const OwnersContainer = page(shellLoad.owners, 'OwnersContainer')
export const AutomationListContainer = page(shellLoad.marketingList, 'AutomationListContainer')
export const AutomationEditorContainer = page(shellLoad.marketingEditor, 'AutomationEditorContainer')
export const NewsContainer = page(shellLoad.news, 'NewsContainer')
export const EmarketingContainer = page(shellLoad.emarketing, 'EmarketingContainer')
export const CalendarContainer = page(shellLoad.offersCalendar, 'CalendarContainer')
export const GameHistoryContainer = page(shellLoad.gameHistory, 'GameHistoryContainer')
export const GameWizardContainer = page(shellLoad.gameWizard, 'GameWizardContainer')
/** The franchise page's webhooks panel (issue 23): its own chunk, handed to the franchise page. */
export const WebhooksSection = page(shellLoad.webhooks, 'WebhooksSection')
export const GameDetailContainer = page(shellLoad.gameDetail, 'GameDetailContainer')
export const CouponRedeemContainer = page(shellLoad.couponRedeem, 'CouponRedeemContainer')
export const PosIntegrationSection = page(shellLoad.pos, 'PosIntegrationSection')
export const ProfileContainer = page(shellLoad.profile, 'ProfileContainer')
export const StoreTagsSection = page(shellLoad.storeTags, 'StoreTagsSection')
export const StoreContainer = page(shellLoad.store, 'StoreContainer')
export const StoreListContainer = page(shellLoad.storeList, 'StoreListContainer')
