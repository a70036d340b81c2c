export * from './offers-calendar.machine'
export * from './offers-calendar.view'
