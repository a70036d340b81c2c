// The e-marketing set-up and the landing page machines (issue 21): each flow's end is checked for
// what the screen must show there (not set up → created; the link taken; the form's §5 errors; the
// landing page's form → phone code → points, or "already a client").
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { emarketingMachine, toEmarketingView } from '../../machines/emarketing'
import { landingMachine, toLandingView } from '../../machines/landing'
import { phoneCodeMachine } from '../../machines/phone-code/phone-code.machine'
import { ApiError } from '../../src/api/client'
import { STATIC_CRM_FIELDS } from '../../src/domain/crm'
import type { Emarketing, LandingInfo } from '../../src/domain/emarketing'

const FID = '11111111-1111-4111-8111-111111111111'
const PAGE: Emarketing = {
  id: '22222222-2222-4222-8222-222222222222',
  franchiseId: FID,
  logo: null,
  link: 'maison-dupont',
  primaryColor: '#112233',
  secondaryColor: '#445566',
  tertiaryColor: '#f8fafc',
  registrationPoints: 20,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  counts: { visits: 10, registrations: 3 },
}
const defaults = {
  logo: '',
  link: 'maison-dupont',
  primaryColor: '#1e3a8a',
  secondaryColor: '#f59e0b',
  tertiaryColor: '#f8fafc',
}

function setUp(opts: { existing: Emarketing | null; available?: boolean; saveError?: ApiError }) {
  const calls: string[] = []
  const machine = emarketingMachine.provide({
    actors: {
      loadEmarketing: fromPromise(async () => {
        calls.push('load')
        return opts.existing
      }),
      checkLink: fromPromise(async ({ input }) => {
        calls.push(`check ${input.link}`)
        return { link: input.link, isValid: true, isAvailable: opts.available ?? true }
      }),
      saveEmarketing: fromPromise(async ({ input }) => {
        calls.push(input.id ? `update ${input.id}` : 'create')
        if (opts.saveError) throw opts.saveError
        return { ...PAGE, ...input.input, logo: input.input.logo ?? null }
      }),
      uploadLogo: fromPromise(async () => ({ url: '/files/franchise/logo.png' })),
    },
  })
  const actor = createActor(machine, { input: { userId: 'u', franchiseId: FID, defaults } }).start()
  return { actor, calls }
}

describe('the emarketing machine', () => {
  it('reads "not set up" as an empty form in the franchise colours, then creates the page', async () => {
    const { actor, calls } = setUp({ existing: null })
    await waitFor(actor, (s) => s.matches('editing'))
    let view = toEmarketingView(actor.getSnapshot(), 'http://shop.test')
    expect(view).toMatchObject({
      isSetUp: false,
      publicUrl: null,
      form: { ...defaults, registrationPoints: '10' },
    })
    actor.send({ type: 'emarketing.field', name: 'registrationPoints', value: '20' })
    actor.send({ type: 'emarketing.save' })
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }) && !!s.context.entity)
    view = toEmarketingView(actor.getSnapshot(), 'http://shop.test')
    expect(view.publicUrl).toBe('http://shop.test/e/maison-dupont')
    expect(calls).toEqual(['load', 'check maison-dupont', 'create'])
  })

  it('blocks saving on §5 errors and shows a taken link on the link field', async () => {
    const { actor, calls } = setUp({ existing: PAGE, available: false })
    await waitFor(actor, (s) => s.matches('editing'))
    expect(toEmarketingView(actor.getSnapshot())).toMatchObject({ isSetUp: true, conversion: 30 })
    actor.send({ type: 'emarketing.field', name: 'registrationPoints', value: '0' })
    expect(toEmarketingView(actor.getSnapshot())).toMatchObject({
      canSave: false,
      errors: { registrationPoints: 'emarketing.errors.points' },
    })
    actor.send({ type: 'emarketing.field', name: 'registrationPoints', value: '25' })
    actor.send({ type: 'emarketing.field', name: 'link', value: 'taken-link' })
    actor.send({ type: 'emarketing.save' })
    await waitFor(actor, (s) => !!s.context.serverError)
    expect(toEmarketingView(actor.getSnapshot()).errors.link).toBe('emarketing.errors.linkTaken')
    expect(calls).toEqual(['load', 'check taken-link'])
  })

  it('shows a retry when loading fails', async () => {
    const machine = emarketingMachine.provide({
      actors: { loadEmarketing: fromPromise(async () => Promise.reject(new ApiError(500, 'X', 'x'))) },
    })
    const actor = createActor(machine, { input: { userId: 'u', franchiseId: FID, defaults } }).start()
    await waitFor(actor, (s) => s.matches('failed'))
    expect(toEmarketingView(actor.getSnapshot()).isFailed).toBe(true)
  })
})

const INFO: LandingInfo = {
  link: 'maison-dupont',
  franchiseName: 'Maison Dupont',
  logo: null,
  country: 'FR',
  theme: { primaryColor: '#112233', secondaryColor: '#445566', tertiaryColor: '#f8fafc' },
  registrationPoints: 20,
  fields: [
    ...STATIC_CRM_FIELDS,
    {
      localId: 'field1',
      label: 'Favourite bakery',
      status: 'ACTIVE',
      isStatic: false,
      isValid: true,
      validation: { type: 'SHORT_TEXT', isRequired: true },
    },
  ],
}

function landing(registerError?: ApiError) {
  const registered: unknown[] = []
  const proving: { call: string; input: unknown }[] = []
  const machine = landingMachine.provide({
    actors: {
      loadPage: fromPromise(async () => INFO),
      register: fromPromise(async ({ input }) => {
        registered.push(input)
        if (registerError) throw registerError
        return { clientId: 'c', points: 20, balance: 20, firstName: 'Alice' }
      }),
      // The phone-code child's own calls, faked: they record what the page started it with.
      phoneCode: phoneCodeMachine.provide({
        actors: {
          sendCode: fromPromise(async ({ input }) => {
            proving.push({ call: 'send', input })
            return { expiresAt: '', resendInSeconds: 60 }
          }),
          confirmCode: fromPromise(async ({ input }) => {
            proving.push({ call: 'confirm', input })
            return { proof: 'proof-1', expiresAt: '' }
          }),
        },
      }),
    },
  })
  const actor = createActor(machine, { input: { slug: 'maison-dupont', language: 'fr' } }).start()
  return { actor, registered, proving }
}

async function fillAndProve(actor: ReturnType<typeof landing>['actor']) {
  await waitFor(actor, (s) => s.matches('filling'))
  actor.send({ type: 'landing.next' })
  // Nothing typed yet: every required field says so, and the form stays.
  expect(toLandingView(actor.getSnapshot())).toMatchObject({
    step: 'form',
    consent: false,
    errors: { firstName: 'crm.value.required', field1: 'crm.value.required', email: 'landing.errors.email' },
  })
  actor.send({ type: 'landing.value', localId: 'firstName', value: 'Alice' })
  actor.send({ type: 'landing.value', localId: 'dateOfBirth', value: '1990-04-02' })
  actor.send({ type: 'landing.value', localId: 'field1', value: 'Chez Paul' })
  actor.send({ type: 'landing.email', value: 'alice@example.test' })
  actor.send({ type: 'landing.next' })
  expect(toLandingView(actor.getSnapshot()).step).toBe('phone')
  const child = toLandingView(actor.getSnapshot()).phoneCode!
  child.send({ type: 'phoneCode.phone', value: '06 12 34 56 78' })
  child.send({ type: 'phoneCode.send' })
  await waitFor(child, (s) => s.matches('enteringCode'))
  child.send({ type: 'phoneCode.code', value: '123456' })
  child.send({ type: 'phoneCode.confirm' })
}

describe('the landing machine', () => {
  it('goes form → phone code → points, registering with the proof and consent unticked', async () => {
    const { actor, registered, proving } = landing()
    await fillAndProve(actor)
    await waitFor(actor, (s) => s.matches('registered'))
    // The phone is proven through this page's routes (its slug), the code's SMS in the page's language.
    const via = { kind: 'landing', id: 'maison-dupont', language: 'fr' }
    expect(proving).toEqual([
      { call: 'send', input: { phone: '+33612345678', via } },
      { call: 'confirm', input: { phone: '+33612345678', code: '123456', via } },
    ])
    expect(toLandingView(actor.getSnapshot())).toMatchObject({ step: 'registered', result: { points: 20 } })
    expect(registered).toHaveLength(1)
    expect(registered[0]).toMatchObject({
      slug: 'maison-dupont',
      input: {
        proof: 'proof-1',
        phone: '+33612345678',
        email: 'alice@example.test',
        consent: false,
        crmValues: { firstName: 'Alice', dateOfBirth: '1990-04-02', field1: 'Chez Paul' },
      },
    })
  })

  it('tells an existing client they already have a card', async () => {
    const { actor } = landing(new ApiError(409, 'ALREADY_CLIENT', 'x'))
    await fillAndProve(actor)
    await waitFor(actor, (s) => s.matches('alreadyClient'))
    expect(toLandingView(actor.getSnapshot()).step).toBe('alreadyClient')
  })

  it('shows the not-found page for an unknown link', async () => {
    const machine = landingMachine.provide({
      actors: {
        loadPage: fromPromise(async () => Promise.reject(new ApiError(404, 'EMARKETING_NOT_FOUND', 'x'))),
      },
    })
    const actor = createActor(machine, { input: { slug: 'nobody', language: 'en' } }).start()
    await waitFor(actor, (s) => s.matches('notFound'))
    expect(toLandingView(actor.getSnapshot()).isNotFound).toBe(true)
  })
})
