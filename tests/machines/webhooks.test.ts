// The webhooks panel's machine (issue 23): every state reached, every generated path replayed with
// what it must call and show, and the flows a merchant takes (add → secret once, rotate and delete
// only after a confirmation, test → the log, read again while a delivery is open).
import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { LOAD_FAILED, type SaveEndpointInput, toWebhooksView, webhooksMachine } from '../../machines/webhooks'
import { ApiError } from '../../src/api/client'
import type { WebhookDelivery, WebhookEndpoint } from '../../src/domain/webhooks'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

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

/** What the page must show after a path's last event, from the events alone. */
function expectLastEventShown(
  steps: { type: string; [k: string]: unknown }[],
  view: ReturnType<typeof toWebhooksView>,
  calls: Calls,
) {
  const events = steps.filter((e) => e.type !== 'xstate.init')
  const last = events.at(-1)
  const lastCall = calls.at(-1)
  // What the confirmation that the path's last `webhooks.confirm` answered was asking.
  const asked = events.findLast((e) => e.type === 'webhooks.delete' || e.type === 'webhooks.rotate')?.type
  switch (last?.type) {
    case undefined:
      expect(view.isLoading).toBe(true)
      expect(lastCall?.actor).toBe('loadEndpoints')
      break
    case 'webhooks.retry': {
      // A retry reads again what failed: the endpoints, or the deliveries.
      const failed = events.findLast((e) => e.type.startsWith('xstate.error.actor.'))?.type
      if (failed === 'xstate.error.actor.loadDeliveries') {
        expect(view.isLoadingDeliveries).toBe(true)
        expect(lastCall?.actor).toBe('loadDeliveries')
      } else {
        expect(view.isLoading).toBe(true)
        expect(lastCall?.actor).toBe('loadEndpoints')
      }
      break
    }
    case 'xstate.done.actor.deleteEndpoint':
      // The deleted endpoint leaves the list.
      expect(view).toMatchObject({ isDeleting: false, isConfirmingDelete: false })
      expect(view.endpoints.map((e) => e.id)).not.toContain(ENDPOINT.id)
      break
    case 'xstate.done.actor.loadEndpoints':
      expect(view).toMatchObject({ isLoading: false, endpoints: [ENDPOINT], canAdd: true })
      break
    case 'xstate.error.actor.loadEndpoints':
      expect(view).toMatchObject({ isFailed: true, error: LOAD_FAILED })
      break
    case 'webhooks.add':
      expect(view).toMatchObject({ isEditing: true, isNew: true })
      break
    case 'webhooks.edit':
      expect(view).toMatchObject({ isEditing: true, isNew: false })
      expect(view.form.url).toBe(ENDPOINT.url)
      break
    case 'webhooks.change':
      expect(view.form).toMatchObject({ [last.field as string]: last.value })
      break
    case 'webhooks.save':
      // Sent when the form passes, else its errors show.
      if (view.isSaving) expect(lastCall?.actor).toBe('saveEndpoint')
      else expect(Object.keys(view.errors).length).toBeGreaterThan(0)
      break
    case 'webhooks.cancel':
      expect(view).toMatchObject({ isEditing: false, isConfirmingDelete: false, isConfirmingRotate: false })
      break
    case 'xstate.done.actor.saveEndpoint':
    case 'xstate.done.actor.rotateSecret': {
      // A new secret shows once in its dialog; without one the list comes back.
      const secret = (last.output as { secret: string | null }).secret
      expect(view.isShowingSecret).toBe(secret !== null)
      if (secret) expect(view.secret).toBe(secret)
      break
    }
    case 'xstate.error.actor.saveEndpoint':
      expect(view).toMatchObject({ isEditing: true, isSaving: false })
      expect(Object.keys(view.errors).length + (view.error ? 1 : 0)).toBeGreaterThan(0)
      break
    case 'webhooks.dismissSecret':
      expect(view).toMatchObject({ isShowingSecret: false, secret: null })
      break
    case 'webhooks.toggle':
      expect(view.isTogglingId).toBe(ENDPOINT.id)
      expect(lastCall).toMatchObject({ actor: 'toggleEndpoint', input: { id: ENDPOINT.id } })
      break
    case 'xstate.done.actor.toggleEndpoint':
      expect(view.isTogglingId).toBeNull()
      expect(view.endpoints.find((e) => e.id === ENDPOINT.id)?.enabled).toBe(false)
      break
    case 'webhooks.delete':
      expect(view).toMatchObject({ isConfirmingDelete: true, isDeleting: false })
      break
    case 'webhooks.rotate':
      expect(view).toMatchObject({ isConfirmingRotate: true, isRotating: false })
      break
    case 'webhooks.confirm':
      if (asked === 'webhooks.delete') {
        expect(view.isDeleting).toBe(true)
        expect(lastCall?.actor).toBe('deleteEndpoint')
      } else {
        expect(view.isRotating).toBe(true)
        expect(lastCall?.actor).toBe('rotateSecret')
      }
      break
    case 'webhooks.test':
      expect(view.isTesting).toBe(true)
      expect(lastCall).toMatchObject({ actor: 'sendTest', input: { id: ENDPOINT.id } })
      break
    case 'xstate.done.actor.sendTest':
    case 'xstate.error.actor.sendTest':
      expect(view.isTesting).toBe(false)
      break
    case 'webhooks.showDeliveries':
    case 'webhooks.refresh':
      expect(view).toMatchObject({ isShowingDeliveries: true, isLoadingDeliveries: true })
      expect(lastCall).toMatchObject({ actor: 'loadDeliveries', input: { id: ENDPOINT.id } })
      break
    case 'xstate.done.actor.loadDeliveries':
      expect(view).toMatchObject({ isLoadingDeliveries: false, deliveries: last.output })
      break
    case 'xstate.error.actor.loadDeliveries':
      expect(view).toMatchObject({ isDeliveriesFailed: true, isLoadingDeliveries: false })
      break
    case 'webhooks.back':
      expect(view.isShowingDeliveries).toBe(false)
      break
    default:
      throw new Error(`no expectation for ${last?.type}`)
  }
}

describe('webhooks machine', () => {
  const paths = generatePaths(webhooksMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(webhooksMachine, paths)
  })

  it('replays every path: saves valid forms only, deletes and rotates only after a confirmation', () => {
    expect(paths.length).toBeGreaterThan(15)
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const snap = replay(harness(calls), path.steps, input)
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
      expect(view.secret !== null).toBe(view.isShowingSecret)
      if (view.isFailed) expect(view.error).toBe(LOAD_FAILED)
      expectLastEventShown(
        path.steps.map((x) => x.event),
        view,
        calls,
      )
      // Every action names an endpoint that was loaded.
      for (const c of calls.filter((x) => ['toggleEndpoint', 'sendTest', 'loadDeliveries'].includes(x.actor)))
        expect((c.input as { id: string }).id).toBe(ENDPOINT.id)
    })
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
