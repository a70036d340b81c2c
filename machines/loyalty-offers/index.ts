export * from './loyalty-offers.machine'
export { type LoyaltyOffersView, toLoyaltyOffersView } from './loyalty-offers.view'
