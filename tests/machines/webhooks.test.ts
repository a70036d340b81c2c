// The webhooks panel's machine (issue 23): every state reached, every generated path replayed with
// what it must call and show, and the flows a merchant takes (add → secret once, rotate and delete
// only after a confirmation, test → the log, read again while a delivery is open).
import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { LOAD_FAILED, type SaveEndpointInput, toWebhooksView, webhooksMachine } from '../../machines/webhooks'
import { ApiError } from '../../src/api/client'
import type { WebhookDelivery, WebhookEndpoint } from '../../src/domain/webhooks'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

const FID = '11111111-1111-4111-8111-111111111111'
const ENDPOINT: WebhookEndpoint = {
  id: '00000000-0000-4000-8000-0000000000e1',
  franchiseId: FID,
  url: 'https://crm.example.com/hooks',
  description: 'CRM',
  events: ['client.created', 'points.moved'],
  enabled: true,
  secretHint: 'whsec_abcd…',
  previousSecretExpiresAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
}
const SECRET = `whsec_${'A'.repeat(32)}`
const delivery = (status: WebhookDelivery['status']): WebhookDelivery => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  eventId: '00000000-0000-4000-8000-0000000000f1',
  eventType: 'webhook.test',
  status,
  attempts: status === 'PENDING' ? 0 : 1,
  responseStatus: status === 'SUCCEEDED' ? 200 : null,
  durationMs: status === 'SUCCEEDED' ? 12 : null,
  error: null,
  nextAttemptAt: null,
  lastAttemptAt: null,
  createdAt: '2026-11-25T10:01:00.000Z',
})
const input = { franchiseId: FID }
const down = new ApiError(500, 'HTTP_500', 'down')
const notHttps = new ApiError(400, 'WEBHOOK_URL_NOT_HTTPS', 'no')

const ACTORS = [
  'loadEndpoints',
  'saveEndpoint',
  'toggleEndpoint',
  'deleteEndpoint',
  'rotateSecret',
  'sendTest',
  'loadDeliveries',
]

const events = [
  { type: 'webhooks.retry' },
  { type: 'xstate.done.actor.loadEndpoints', output: [ENDPOINT] },
  { type: 'xstate.error.actor.loadEndpoints', error: down },
  { type: 'webhooks.add' },
  { type: 'webhooks.edit', id: ENDPOINT.id },
  { type: 'webhooks.change', field: 'url', value: 'https://erp.example.com/in' },
  { type: 'webhooks.save' },
  { type: 'webhooks.cancel' },
  { type: 'xstate.done.actor.saveEndpoint', output: { endpoint: ENDPOINT, secret: SECRET } },
  { type: 'xstate.done.actor.saveEndpoint', output: { endpoint: ENDPOINT, secret: null } },
  { type: 'xstate.error.actor.saveEndpoint', error: notHttps },
  { type: 'webhooks.dismissSecret' },
  { type: 'webhooks.toggle', id: ENDPOINT.id },
  { type: 'xstate.done.actor.toggleEndpoint', output: { ...ENDPOINT, enabled: false } },
  { type: 'webhooks.delete', id: ENDPOINT.id },
  { type: 'webhooks.rotate', id: ENDPOINT.id },
  { type: 'webhooks.confirm' },
  { type: 'xstate.done.actor.deleteEndpoint', output: { deleted: true } },
  { type: 'xstate.done.actor.rotateSecret', output: { endpoint: ENDPOINT, secret: SECRET } },
  { type: 'webhooks.test', id: ENDPOINT.id },
  { type: 'xstate.done.actor.sendTest', output: { delivery: delivery('PENDING') } },
  { type: 'xstate.error.actor.sendTest', error: down },
  { type: 'webhooks.showDeliveries', id: ENDPOINT.id },
  { type: 'xstate.done.actor.loadDeliveries', output: [delivery('SUCCEEDED')] },
  { type: 'xstate.error.actor.loadDeliveries', error: down },
  { type: 'webhooks.refresh' },
  { type: 'webhooks.back' },
]

function harness(calls: Calls, notices: string[] = [], copied: string[] = []) {
  return webhooksMachine.provide({
    actors: recordingActors(ACTORS, calls) as never,
    actions: {
      notify: (_, p: { id: string }) => notices.push(p.id),
      copy: (_, p: { text: string }) => copied.push(p.text),
    },
  })
}

describe('webhooks machine', () => {
  const paths = generatePaths(webhooksMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(webhooksMachine, paths)
  })

  it('replays every path: saves valid forms only, deletes and rotates only after a confirmation', () => {
    expect(paths.length).toBeGreaterThan(15)
    for (const path of paths) {
      const calls: Calls = []
      const snap = replay(harness(calls), path.steps, input)
      expect(snap.value).toEqual(path.state.value)
      const view = toWebhooksView(snap)
      const types = path.steps.map((s) => s.event.type)
      for (const c of calls.filter((x) => x.actor === 'saveEndpoint')) {
        const form = (c.input as SaveEndpointInput).form
        expect(form.url).toMatch(/^https:\/\//)
        expect(form.events.length).toBeGreaterThan(0)
      }
      if (calls.some((c) => c.actor === 'deleteEndpoint' || c.actor === 'rotateSecret'))
        expect(types).toContain('webhooks.confirm')
      // The secret shows only in its dialog, never elsewhere.
      expect(view.secret !== null).toBe(snap.matches('showingSecret'))
      if (snap.matches('failed')) expect(view.error).toBe(LOAD_FAILED)
      // Every action names an endpoint that was loaded.
      for (const c of calls.filter((x) => ['toggleEndpoint', 'sendTest', 'loadDeliveries'].includes(x.actor)))
        expect((c.input as { id: string }).id).toBe(ENDPOINT.id)
    }
  }, 60_000)

  it('adds an endpoint and shows its secret once, copyable', () => {
    const calls: Calls = []
    const copied: string[] = []
    const actor = createActor(harness(calls, [], copied), { input }).start()
    actor.send({ type: 'xstate.done.actor.loadEndpoints', output: [] } as never)
    actor.send({ type: 'webhooks.add' })
    actor.send({ type: 'webhooks.change', field: 'url', value: 'http://crm.example.com' })
    actor.send({ type: 'webhooks.save' })
    expect(toWebhooksView(actor.getSnapshot()).errors).toEqual({
      url: 'webhooks.form.errors.WEBHOOK_URL_NOT_HTTPS',
    })
    actor.send({ type: 'webhooks.change', field: 'url', value: ' https://crm.example.com/hooks ' })
    actor.send({ type: 'webhooks.toggleEvent', event: 'points.moved' })
    actor.send({ type: 'webhooks.save' })
    expect(calls.at(-1)).toEqual({
      actor: 'saveEndpoint',
      input: {
        franchiseId: FID,
        id: null,
        form: {
          url: 'https://crm.example.com/hooks',
          description: '',
          events: ['client.created', 'reward.redeemed', 'campaign.finished'],
        },
      },
    })
    actor.send({
      type: 'xstate.done.actor.saveEndpoint',
      output: { endpoint: ENDPOINT, secret: SECRET },
    } as never)
    expect(toWebhooksView(actor.getSnapshot())).toMatchObject({ isShowingSecret: true, secret: SECRET })
    actor.send({ type: 'webhooks.copySecret' })
    expect(copied).toEqual([SECRET])
    actor.send({ type: 'webhooks.dismissSecret' })
    const view = toWebhooksView(actor.getSnapshot())
    expect([view.secret, actor.getSnapshot().context.secret, view.endpoints.length]).toEqual([null, null, 1])
  })

  it('keeps the form and names the server’s refusal of the URL', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls), { input }).start()
    actor.send({ type: 'xstate.done.actor.loadEndpoints', output: [ENDPOINT] } as never)
    actor.send({ type: 'webhooks.edit', id: ENDPOINT.id })
    actor.send({ type: 'webhooks.save' })
    expect((calls.at(-1)!.input as SaveEndpointInput).id).toBe(ENDPOINT.id)
    actor.send({
      type: 'xstate.error.actor.saveEndpoint',
      error: new ApiError(400, 'WEBHOOK_URL_PRIVATE', 'x'),
    } as never)
    const view = toWebhooksView(actor.getSnapshot())
    expect([view.isEditing, view.error, view.form.url]).toEqual([
      true,
      'webhooks.errors.WEBHOOK_URL_PRIVATE',
      ENDPOINT.url,
    ])
  })

  it('sends a test event, then reads the log again every 2 s while a delivery is open', () => {
    const calls: Calls = []
    const clock = new SimulatedClock()
    const actor = createActor(harness(calls), { input, clock }).start()
    actor.send({ type: 'xstate.done.actor.loadEndpoints', output: [ENDPOINT] } as never)
    actor.send({ type: 'webhooks.test', id: ENDPOINT.id })
    actor.send({ type: 'xstate.done.actor.sendTest', output: { delivery: delivery('PENDING') } } as never)
    expect(calls.map((c) => c.actor)).toEqual(['loadEndpoints', 'sendTest', 'loadDeliveries'])
    actor.send({ type: 'xstate.done.actor.loadDeliveries', output: [delivery('PENDING')] } as never)
    clock.increment(1999)
    expect(calls).toHaveLength(3)
    clock.increment(1)
    expect(calls.at(-1)?.actor).toBe('loadDeliveries')
    actor.send({ type: 'xstate.done.actor.loadDeliveries', output: [delivery('SUCCEEDED')] } as never)
    clock.increment(10_000)
    expect(calls).toHaveLength(4)
    expect(toWebhooksView(actor.getSnapshot()).deliveries[0]?.status).toBe('SUCCEEDED')
  })

  it('offers no test for a disabled endpoint', () => {
    const actor = createActor(harness([]), { input }).start()
    actor.send({
      type: 'xstate.done.actor.loadEndpoints',
      output: [{ ...ENDPOINT, enabled: false }],
    } as never)
    actor.send({ type: 'webhooks.test', id: ENDPOINT.id })
    expect(actor.getSnapshot().value).toBe('list')
  })
})
