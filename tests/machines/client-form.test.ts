import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  clientFormMachine,
  EMPTY_CLIENT_VALUES,
  errorsFromApi,
  toClientFormView,
  toClientInput,
  validateClientForm,
  valuesFromSearch,
} from '../../machines/client-form'
import { ApiError } from '../../src/api/client'
import { clientId, createClientsBackend, FRANCHISE_ID } from '../support/clients-backend'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

const SAVED = await createClientsBackend().detail(FRANCHISE_ID, clientId(2))
const input = {
  mode: 'create' as const,
  franchiseId: FRANCHISE_ID,
  country: 'FR' as const,
  values: EMPTY_CLIENT_VALUES,
}

const events = [
  { type: 'form.change', field: 'firstName', value: 'Marie' },
  { type: 'form.change', field: 'phone', value: '06 12 34 56 78' },
  { type: 'form.change', field: 'phone', value: '0612' },
  { type: 'form.change', field: 'email', value: 'marie@' },
  { type: 'form.blur', field: 'phone' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'xstate.done.actor.saveClient', output: SAVED },
  { type: 'xstate.error.actor.saveClient', error: new ApiError(409, 'PHONE_ALREADY_USED', 'used') },
  { type: 'xstate.error.actor.saveClient', error: new ApiError(409, 'EMAIL_ALREADY_USED', 'used') },
  { type: 'xstate.error.actor.saveClient', error: new ApiError(400, 'VALIDATION_FAILED', 'bad') },
]

describe('client form rules (pure)', () => {
  it('prefills a new client from what was searched', () => {
    expect(valuesFromSearch('marie@orange.fr')).toMatchObject({ email: 'marie@orange.fr', firstName: '' })
    expect(valuesFromSearch('+33 6 12 34 56 78')).toMatchObject({ phone: '+33 6 12 34 56 78' })
    expect(valuesFromSearch('Marie Anne Dupont')).toMatchObject({
      firstName: 'Marie',
      lastName: 'Anne Dupont',
    })
  })

  it('checks the first name, the e-mail pattern, a valid phone in the franchise’s country and the birth date', () => {
    const ok = {
      ...EMPTY_CLIENT_VALUES,
      firstName: 'Marie',
      phone: '06 12 34 56 78',
      email: 'marie@orange.fr',
    }
    expect(validateClientForm(ok, 'FR')).toEqual({})
    expect(validateClientForm({ ...ok, firstName: ' ' }, 'FR').firstName).toBe(
      'pages.clients.form.errors.required',
    )
    expect(validateClientForm({ ...ok, email: 'marie@orange' }, 'FR').email).toBe(
      'pages.clients.form.errors.email',
    )
    expect(validateClientForm({ ...ok, phone: '0612' }, 'FR').phone).toBe('pages.clients.errors.invalidPhone')
    expect(validateClientForm({ ...ok, phone: '(514) 555-0123' }, 'CA').phone).toBeUndefined()
    expect(validateClientForm({ ...ok, birthDate: '2024-02-30' }, 'FR').birthDate).toBe(
      'pages.clients.form.errors.birthDate',
    )
    expect(toClientInput(ok, 'FR')).toMatchObject({ phone: '+33612345678', gender: null, birthDate: null })
  })

  it('puts the §8 errors of a save on their fields', () => {
    expect(errorsFromApi(new ApiError(409, 'PHONE_ALREADY_USED', ''), 'edit').fields).toEqual({
      phone: 'pages.clients.errors.phoneUsed',
    })
    expect(errorsFromApi(new ApiError(409, 'EMAIL_ALREADY_USED', ''), 'edit').fields).toEqual({
      email: 'pages.clients.errors.emailUsed',
    })
    expect(errorsFromApi(new ApiError(400, 'INVALID_PHONE', '', { field: 'phone' }), 'edit').fields).toEqual({
      phone: 'pages.clients.errors.invalidPhone',
    })
    expect(errorsFromApi(new ApiError(400, 'VALIDATION_FAILED', ''), 'edit').error).toBe(
      'pages.clients.errors.badRequest',
    )
    expect(errorsFromApi(new ApiError(500, 'INTERNAL_ERROR', ''), 'create').error).toBe(
      'pages.clients.errors.create',
    )
  })
})

describe('client form machine', () => {
  const paths = generatePaths(clientFormMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(clientFormMachine, paths)
  })

  it('replays every path and saves only a valid client, with its phone in E.164', () => {
    expect(paths.length).toBeGreaterThan(20)
    for (const path of paths) {
      const calls: Calls = []
      const machine = clientFormMachine.provide({ actors: recordingActors(['saveClient'], calls) as never })
      const snapshot = replay(machine, path.steps, input)
      expect(snapshot.value).toEqual(path.state.value)
      expect(snapshot.context).toEqual(path.state.context)
      for (const c of calls) {
        const body = (c.input as { input: { firstName: string; phone: string | null } }).input
        expect(body.firstName).toBe('Marie')
        expect(body.phone === null || body.phone === '+33612345678').toBe(true)
      }
      if (snapshot.status === 'done')
        expect(snapshot.output).toEqual({ client: snapshot.matches('saved') ? SAVED : null })
    }
  })

  it('shows a field error once left or after a submit, and the server’s at once', () => {
    const actor = createActor(
      clientFormMachine.provide({ actors: recordingActors(['saveClient'], []) as never }),
      {
        input,
      },
    ).start()
    const view = () => toClientFormView(actor.getSnapshot())
    actor.send({ type: 'form.change', field: 'phone', value: '0612' })
    expect(view().errors.phone).toBeUndefined()
    actor.send({ type: 'form.blur', field: 'phone' })
    expect(view().errors.phone).toBe('pages.clients.errors.invalidPhone')
    actor.send({ type: 'form.submit' })
    expect(view().errors.firstName).toBe('pages.clients.form.errors.required')
    actor.send({ type: 'form.change', field: 'firstName', value: 'Marie' })
    actor.send({ type: 'form.change', field: 'phone', value: '0612345678' })
    actor.send({ type: 'form.submit' })
    expect(view().isSaving).toBe(true)
    actor.send({
      type: 'xstate.error.actor.saveClient',
      error: new ApiError(409, 'PHONE_ALREADY_USED', 'x'),
    } as never)
    expect(view()).toMatchObject({
      isSaving: false,
      canSubmit: false,
      errors: { phone: 'pages.clients.errors.phoneUsed' },
    })
    actor.send({ type: 'form.change', field: 'phone', value: '0612345679' })
    expect(view().canSubmit).toBe(true)
  })
})
