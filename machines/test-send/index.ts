export * from './test-send.machine'
export * from './test-send.view'
