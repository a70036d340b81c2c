export * from './owners.list'
export * from './owners-actions.machine'
export * from './owners-actions.view'
export * from './query'
