export * from './messages-list.list'
export * from './query'
