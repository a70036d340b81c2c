export * from './automation-list.machine'
export * from './automation-list.view'
