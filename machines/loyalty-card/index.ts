export * from './loyalty-card.machine'
export { type LoyaltyCardView, toLoyaltyCardView } from './loyalty-card.view'
