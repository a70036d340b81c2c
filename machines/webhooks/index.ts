export * from './webhooks.machine'
export { toWebhooksView, type WebhooksView } from './webhooks.view'
