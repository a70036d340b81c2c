export * from './pos-integration.machine'
export { type PosIntegrationView, toPosIntegrationView } from './pos-integration.view'
