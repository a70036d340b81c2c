// The default actors of the webhooks panel: src/api calls, passing the abort signal on.
import { fromPromise } from 'xstate'
import { webhooksApi } from '../../src/api/webhooks'
import type { WebhookDelivery, WebhookEndpoint, WebhookSecretResponse } from '../../src/domain/webhooks'
import type { SavedEndpoint, SaveEndpointInput } from './webhooks.machine'

export const loadEndpoints = fromPromise<WebhookEndpoint[], { franchiseId: string }>(({ input, signal }) =>
  webhooksApi.list(input.franchiseId, signal),
)

/** POST for a new endpoint (its secret comes back once), PATCH otherwise. */
export const saveEndpoint = fromPromise<SavedEndpoint, SaveEndpointInput>(async ({ input, signal }) => {
  const body = { url: input.form.url, description: input.form.description, events: input.form.events }
  if (input.id) return { endpoint: await webhooksApi.update(input.id, body, signal), secret: null }
  return webhooksApi.create(input.franchiseId, body, signal)
})

export const toggleEndpoint = fromPromise<WebhookEndpoint, { id: string; enabled: boolean }>(
  ({ input, signal }) => webhooksApi.update(input.id, { enabled: input.enabled }, signal),
)

export const deleteEndpoint = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  webhooksApi.remove(input.id, signal),
)

export const rotateSecret = fromPromise<WebhookSecretResponse, { id: string }>(({ input, signal }) =>
  webhooksApi.rotate(input.id, signal),
)

export const sendTest = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  webhooksApi.test(input.id, signal),
)

export const loadDeliveries = fromPromise<WebhookDelivery[], { id: string }>(
  async ({ input, signal }) => (await webhooksApi.deliveries(input.id, signal)).data,
)
