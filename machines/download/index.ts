export * from './download.machine'
export * from './download.view'
