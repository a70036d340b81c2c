export * from './client-detail'
export {
  ACTIVE_COUPONS_LIMIT,
  type ClientDetailContext,
  type ClientDetailEvent,
  type ClientDetailInput,
  COUPONS_PAGE_SIZE,
  clientDetailMachine,
  type StoreRef,
} from './client-detail.machine'
export { type ClientDetailView, type ClientDialog, toClientDetailView } from './client-detail.view'
