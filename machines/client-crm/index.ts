export * from './client-crm.machine'
export * from './client-crm.view'
