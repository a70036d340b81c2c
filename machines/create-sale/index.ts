export * from './create-sale.machine'
export { type CreateSaleView, toCreateSaleView } from './create-sale.view'
