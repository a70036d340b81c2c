// The Franchise page's webhooks panel, driven like a user on an in-memory back end: add an endpoint
// (field errors first), copy the secret shown once, send a test event and watch the log, rotate and
// delete only after a confirmation, disable an endpoint, and retry a failed load.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import type { SaveEndpointInput } from '../../machines/webhooks/webhooks.machine'
import { webhooksMachine } from '../../machines/webhooks/webhooks.machine'
import { ApiError } from '../../src/api/client'
import type { WebhookDelivery, WebhookEndpoint } from '../../src/domain/webhooks'
import { WebhooksSection } from '../../src/features/webhooks/WebhooksSection'
import { type AppEffects, AppEffectsProvider, browserEffects } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { renderUi } from './render'

const FID = '11111111-1111-4111-8111-111111111111'

/** `testFails`: the test event gets no answer, the socket saying this code (e.g. ENOTFOUND). */
function backend(options: { failLoads?: number; testFails?: string } = {}) {
  let failures = options.failLoads ?? 0
  let n = 0
  const endpoints: WebhookEndpoint[] = []
  const deliveries: WebhookDelivery[] = []
  const secret = () => `whsec_${String(++n).repeat(32)}`
  return {
    endpoints,
    list: vi.fn(async () => {
      if (failures-- > 0) throw new ApiError(500, 'HTTP_500', 'down')
      return [...endpoints]
    }),
    save: vi.fn(async (input: SaveEndpointInput) => {
      const s = secret()
      const endpoint: WebhookEndpoint = {
        id: `00000000-0000-4000-8000-00000000000${n}`,
        franchiseId: FID,
        url: input.form.url,
        description: input.form.description,
        events: input.form.events,
        enabled: true,
        secretHint: `${s.slice(0, 10)}…`,
        previousSecretExpiresAt: null,
        createdAt: '2026-11-25T10:00:00.000Z',
      }
      endpoints.push(endpoint)
      return { endpoint, secret: s }
    }),
    toggle: vi.fn(async (input: { id: string; enabled: boolean }) => {
      const e = endpoints.find((x) => x.id === input.id)!
      e.enabled = input.enabled
      return { ...e }
    }),
    remove: vi.fn(async () => ({ deleted: true })),
    rotate: vi.fn(async (input: { id: string }) => {
      const e = endpoints.find((x) => x.id === input.id)!
      return { endpoint: { ...e, previousSecretExpiresAt: '2026-11-26T10:00:00.000Z' }, secret: secret() }
    }),
    test: vi.fn(async () => {
      deliveries.unshift({
        id: '00000000-0000-4000-8000-0000000000d1',
        eventId: '00000000-0000-4000-8000-0000000000f1',
        eventType: 'webhook.test',
        status: options.testFails ? 'RETRYING' : 'SUCCEEDED',
        attempts: 1,
        responseStatus: options.testFails ? null : 200,
        durationMs: 42,
        error: options.testFails ?? null,
        nextAttemptAt: null,
        lastAttemptAt: '2026-11-25T10:00:01.000Z',
        createdAt: '2026-11-25T10:00:00.000Z',
      })
      return {}
    }),
    deliveries: vi.fn(async () => [...deliveries]),
  }
}

function renderPanel(api = backend(), locale: 'en' | 'fr' = 'en') {
  const notices: string[] = []
  const effects: AppEffects = { ...browserEffects, notify: (level, id) => notices.push(`${level}:${id}`) }
  const machine = webhooksMachine.provide({
    actors: {
      loadEndpoints: fromPromise(() => api.list()),
      saveEndpoint: fromPromise(({ input }) => api.save(input)),
      toggleEndpoint: fromPromise(({ input }) => api.toggle(input)),
      deleteEndpoint: fromPromise<unknown, { id: string }>(() => api.remove()),
      rotateSecret: fromPromise(({ input }) => api.rotate(input)),
      sendTest: fromPromise<unknown, { id: string }>(() => api.test()),
      loadDeliveries: fromPromise(() => api.deliveries()),
    },
  })
  const ui = renderUi(
    <AppEffectsProvider value={effects}>
      <ProvidedMachines machines={[machine]}>
        <WebhooksSection franchiseId={FID} />
      </ProvidedMachines>
    </AppEffectsProvider>,
    { locale },
  )
  return { ...ui, api, notices }
}

describe('webhooks panel', () => {
  it('adds an endpoint, shows its secret once, sends a test event and shows it delivered', async () => {
    const { user, api, notices } = renderPanel()
    const panel = await screen.findByRole('region', { name: 'Webhooks' })
    await user.click(await within(panel).findByRole('button', { name: 'Add an endpoint' }))
    const form = await screen.findByRole('dialog', { name: 'Add an endpoint' })
    const url = within(form).getByRole('textbox', { name: /Endpoint URL/ })
    await user.type(url, 'http://crm.example.com/hooks')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('The address must start with https://.')).toBeInTheDocument()
    expect(api.save).not.toHaveBeenCalled()
    await user.clear(url)
    await user.type(url, 'https://crm.example.com/hooks')
    await user.click(within(form).getByRole('checkbox', { name: 'Points moved' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    const secretDialog = await screen.findByRole('dialog', { name: "The endpoint's signing secret" })
    expect(within(secretDialog).getByText(`whsec_${'1'.repeat(32)}`)).toBeInTheDocument()
    expect(api.save.mock.calls[0]![0].form.events).toEqual([
      'client.created',
      'reward.redeemed',
      'campaign.finished',
    ])
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy' }))
    // The clipboard is user-event's stand-in for the browser's.
    await waitFor(() => expect(notices).toContain('success:webhooks.messages.copied'))
    expect(await navigator.clipboard.readText()).toBe(`whsec_${'1'.repeat(32)}`)
    await user.click(within(secretDialog).getByRole('button', { name: 'I have copied it' }))
    await waitFor(() => expect(screen.queryByText(`whsec_${'1'.repeat(32)}`)).toBeNull())

    const item = within(panel).getByRole('listitem', { name: 'https://crm.example.com/hooks' })
    await user.click(within(item).getByRole('button', { name: 'Send test event' }))
    expect(await within(panel).findByRole('cell', { name: 'Delivered' })).toBeInTheDocument()
    expect(within(panel).getByRole('cell', { name: '200' })).toBeInTheDocument()
    expect(notices).toContain('success:webhooks.messages.testSent')
  }, 60_000)

  it('rotates and deletes only after a confirmation, and disables an endpoint', async () => {
    const api = backend()
    await api.save({
      franchiseId: FID,
      id: null,
      form: { url: 'https://erp.example.com/in', description: '', events: ['client.created'] },
    })
    const { user } = renderPanel(api)
    const panel = await screen.findByRole('region', { name: 'Webhooks' })
    const item = await within(panel).findByRole('listitem', { name: 'https://erp.example.com/in' })
    await user.click(within(item).getByRole('button', { name: 'Rotate secret' }))
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the secret?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(api.rotate).not.toHaveBeenCalled()
    await user.click(within(item).getByRole('button', { name: 'Rotate secret' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rotate the secret?' })).getByRole('button', {
        name: 'Rotate secret',
      }),
    )
    const secretDialog = await screen.findByRole('dialog', { name: "The endpoint's signing secret" })
    expect(within(secretDialog).getByText(`whsec_${'2'.repeat(32)}`)).toBeInTheDocument()
    await user.click(within(secretDialog).getByRole('button', { name: 'I have copied it' }))

    await user.click(within(item).getByRole('button', { name: 'Disable' }))
    expect(await within(item).findByText('Disabled')).toBeInTheDocument()
    expect(within(item).getByRole('button', { name: 'Send test event' })).toBeDisabled()

    await user.click(within(item).getByRole('button', { name: 'Delete' }))
    const del = await screen.findByRole('alertdialog', { name: 'Delete this endpoint?' })
    await user.click(within(del).getByRole('button', { name: 'Delete' }))
    expect(await within(panel).findByText('No endpoint yet.')).toBeInTheDocument()
    expect(api.remove).toHaveBeenCalledTimes(1)
  })

  it.each([
    [
      'en',
      'Webhooks',
      'Send test event',
      'The address’s host name does not exist: check the URL (ENOTFOUND)',
    ],
    [
      'fr',
      'Webhooks',
      'Envoyer un événement de test',
      'Le nom d’hôte de l’adresse n’existe pas : vérifiez l’URL (ENOTFOUND)',
    ],
  ] as const)(
    'says in words why a delivery got no answer (%s), not a bare socket code (issue 34)',
    async (locale, region, button, words) => {
      const api = backend({ testFails: 'ENOTFOUND' })
      await api.save({
        franchiseId: FID,
        id: null,
        form: { url: 'https://crm.example.invalid/in', description: '', events: ['client.created'] },
      })
      const { user } = renderPanel(api, locale)
      const panel = await screen.findByRole('region', { name: region })
      const item = await within(panel).findByRole('listitem', { name: 'https://crm.example.invalid/in' })
      await user.click(within(item).getByRole('button', { name: button }))
      const cell = await within(panel).findByRole('cell', { name: words })
      expect(cell).toBeInTheDocument()
      expect(within(panel).queryByRole('cell', { name: 'ENOTFOUND' })).toBeNull()
    },
  )

  it('offers a retry when the endpoints cannot be loaded', async () => {
    const { user, api } = renderPanel(backend({ failLoads: 1 }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The webhooks could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: /Retry/ }))
    expect(await screen.findByText('No endpoint yet.')).toBeInTheDocument()
    expect(api.list).toHaveBeenCalledTimes(2)
  })
})
