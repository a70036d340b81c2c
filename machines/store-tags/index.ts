export * from './store-tags.machine'
export { type StoreTagsView, toStoreTagsView } from './store-tags.view'
