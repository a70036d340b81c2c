export * from './client-erase.machine'
export * from './client-erase.view'
