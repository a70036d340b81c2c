export * from './client-expiry.machine'
export * from './client-expiry.view'
