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
import { expectEveryStateReached, generatePaths, recordingActors, replayEachPath } from '../support/model'

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
    replayEachPath(clientFormMachine, paths, {
      actors: ['saveClient'],
      input,
      check: ({ events, last, snapshot, calls }) => {
        const view = toClientFormView(snapshot)
        // What was typed, folded from the path's own change events.
        const values: Record<string, string> = { ...EMPTY_CLIENT_VALUES }
        for (const e of events) if (e.type === 'form.change') values[e.field] = e.value
        // §5: a first name is required; the phone (optional) must be a French number, the e-mail complete.
        const valid = values.firstName === 'Marie' && values.phone !== '0612' && values.email !== 'marie@'
        for (const c of calls) {
          const body = (c.input as { input: { firstName: string; phone: string | null } }).input
          expect(body.firstName).toBe('Marie')
          expect(body.phone === null || body.phone === '+33612345678').toBe(true)
        }
        switch (last?.type) {
          case undefined:
          case 'form.change':
          case 'form.blur':
            expect(view).toMatchObject({ isOpen: true, isSaving: false, values })
            if (last?.type === 'form.change') expect(view.canSubmit).toBe(valid)
            break
          case 'form.submit':
            expect(view.isSaving).toBe(valid)
            if (valid)
              expect(calls.at(-1)).toMatchObject({
                actor: 'saveClient',
                input: {
                  mode: 'create',
                  franchiseId: FRANCHISE_ID,
                  input: { firstName: 'Marie', phone: values.phone ? '+33612345678' : null },
                },
              })
            else expect(Object.values(view.errors).some(Boolean)).toBe(true)
            break
          case 'form.cancel':
            expect(snapshot.status).toBe('done')
            expect(snapshot.output).toEqual({ client: null })
            break
          case 'xstate.done.actor.saveClient':
            expect(snapshot.status).toBe('done')
            expect(snapshot.output).toEqual({ client: SAVED })
            break
          case 'xstate.error.actor.saveClient': {
            expect(view).toMatchObject({ isOpen: true, isSaving: false })
            const code = last.error.code
            // A refused field blocks the next submit until it changes; a general refusal does not.
            expect(view.canSubmit).toBe(code !== 'PHONE_ALREADY_USED' && code !== 'EMAIL_ALREADY_USED')
            if (code === 'PHONE_ALREADY_USED')
              expect(view.errors.phone).toBe('pages.clients.errors.phoneUsed')
            else if (code === 'EMAIL_ALREADY_USED')
              expect(view.errors.email).toBe('pages.clients.errors.emailUsed')
            else expect(view.error).toBe('pages.clients.errors.badRequest')
            break
          }
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
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
