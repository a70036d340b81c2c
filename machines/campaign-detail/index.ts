export * from './campaign-detail.machine'
export { type CampaignDetailView, toCampaignDetailView } from './campaign-detail.view'
