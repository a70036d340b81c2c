export * from './news-list.machine'
export * from './news-list.view'
export * from './query'
