export * from './campaign-history.machine'
export { type CampaignHistoryView, toCampaignHistoryView } from './campaign-history.view'
export * from './query'
