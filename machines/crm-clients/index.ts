export * from './crm-clients.list'
export * from './query'
