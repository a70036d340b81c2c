export * from './admin-merchants.machine'
export { type AdminMerchantsView, toAdminMerchantsView } from './admin-merchants.view'
export * from './query'
