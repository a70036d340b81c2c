export * from './query'
export * from './stores-list.machine'
export { type StoresListView, toStoresListView } from './stores-list.view'
