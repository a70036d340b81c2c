export * from './news-actions.machine'
export * from './news-actions.view'
export * from './news-list.list'
export * from './query'
