export * from './analytics.machine'
export { type AnalyticsView, type CardStatus, type CardView, toAnalyticsView } from './analytics.view'
export * from './cards'
