export * from './admin-merchants.list'
export * from './admin-merchants-actions.machine'
export * from './admin-merchants-actions.view'
export * from './query'
