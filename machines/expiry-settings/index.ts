export * from './expiry-settings.machine'
export * from './expiry-settings.view'
