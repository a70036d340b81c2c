export * from './paged-list'
export { browserLocation, type LocationSource, watchLocationOf } from './paged-list.actors'
export { type PagedListContext, type PagedQuery, pagedList } from './paged-list.config'
