export * from './subscription.machine'
export * from './subscription.view'
