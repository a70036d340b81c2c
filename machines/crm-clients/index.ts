export * from './crm-clients.machine'
export * from './crm-clients.view'
export * from './query'
