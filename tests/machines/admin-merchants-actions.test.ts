// The administration's merchants (SPEC §2, §6, §7, §8): the list is one list of createListMachine
// (paths replayed against the paged lists' reference model: calls, addresses, view, the HTTP status of a
// failure); the row actions and dialogs are admin-merchants-actions (paths checked for the calls made,
// with their arguments, the rows handed back to the list and the reloads).
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { merchantActionsMachine, toMerchantActionsView } from '../../machines/admin-merchants'
import { ApiError } from '../../src/api/client'
import { type MerchantRow, validateFranchiseForm, validateFranchiseOwnerForm } from '../../src/domain/admin'
import {
  ADMIN,
  actionEvents,
  actionsInput,
  CREATED,
  harness,
  noEffects,
  OFF,
  ROW,
} from '../support/admin-merchants-world'
import { checkEachPath, expectEveryStateReached, generatePaths } from '../support/model'
import type { Answers } from './paged-list-support'

describe('admin merchants row actions machine (admin-merchants-actions)', () => {
  const generated = generatePaths(merchantActionsMachine, actionEvents, actionsInput)

  it('reaches every state', () => {
    expectEveryStateReached(merchantActionsMachine, generated)
  })

  it('on every path: only confirmed changes run, with what the dialog said, and the list follows', () => {
    expect(generated.length).toBeGreaterThan(20)
    checkEachPath(generated, (_, events) => {
      const effects = noEffects()
      const actor = createActor(harness(effects), { input: actionsInput }).start()
      // Each confirmed change does what the dialog said.
      const expectedChanges: { id: string; subscribed: boolean }[] = []
      for (const event of events) {
        const now = actor.getSnapshot()
        if (event.type === 'dialog.confirm' && now.matches('confirmingSubscription')) {
          const confirm = toMerchantActionsView(now).confirm!
          expectedChanges.push({ id: confirm.id, subscribed: confirm.action === 'activate' })
        }
        actor.send(event as never)
      }
      const snapshot = actor.getSnapshot()
      actor.stop()
      expect(effects.calls.filter((c) => c.actor === 'setSubscription').map((c) => c.input)).toEqual(
        expectedChanges,
      )
      // The subscription's answer is the row the list shows (no reload).
      const changed = events
        .filter((e) => e.type === 'xstate.done.actor.setSubscription')
        .map((e) => e.output)
      expect(effects.changedRows).toEqual(changed)
      for (const c of effects.calls.filter((c) => c.actor === 'encodeToken'))
        expect(c.input).toEqual({ userId: ROW.id, impostorId: ADMIN })
      for (const c of effects.calls.filter((c) => c.actor === 'createFranchiseOwner'))
        expect(validateFranchiseOwnerForm((c.input as { values: never }).values)).toEqual({})
      // A franchise alone needs a title and a country; one for a merchant names that merchant.
      for (const c of effects.calls.filter((c) => c.actor === 'createFranchise')) {
        const { values, userId } = c.input as { values: never; userId?: string }
        expect(validateFranchiseForm(values)).toEqual({})
        if (userId !== undefined) expect(userId).toBe(ROW.id)
      }
      // A franchise created with its owner, or for a merchant, reloads the list; one alone opens its panel.
      const created = events.filter((e) => e.type === 'xstate.done.actor.createFranchiseOwner').length
      const alone = effects.calls.filter(
        (c) => c.actor === 'createFranchise' && (c.input as { userId?: string }).userId === undefined,
      )
      if (effects.panels.length > 0) expect(alone.length).toBeGreaterThan(0)
      for (const id of effects.panels) expect(id).toBe(CREATED.id)
      const added = events.filter((e) => e.type === 'xstate.done.actor.createFranchise').length
      expect(effects.reloads + effects.panels.length).toBe(created + added)
      if (snapshot.matches('leaving')) expect(effects.actedAs).toEqual(['impostor-token'])
      else expect(effects.actedAs).toEqual([])
    })
  }, 60_000)

  const start = (answers: Answers = {}) => {
    const effects = noEffects()
    const actor = createActor(harness(effects, answers), { input: actionsInput }).start()
    return { actor, effects, view: () => toMerchantActionsView(actor.getSnapshot()) }
  }
  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('confirms a subscription change, shows it on the row while it runs, then hands the new row to the list', async () => {
    let reply: (row: MerchantRow) => void = () => {}
    const { actor, effects, view } = start({
      setSubscription: () => new Promise((r) => (reply = r as never)),
    })
    actor.send({ type: 'merchants.subscription', row: ROW })
    expect(view().confirm).toMatchObject({ id: ROW.id, action: 'deactivate' })
    actor.send({ type: 'dialog.confirm' })
    expect(view()).toMatchObject({ confirm: null, busy: { id: ROW.id, action: 'deactivate' }, canAct: false })
    reply(OFF)
    await settle()
    expect(view()).toMatchObject({ busy: null, canAct: true })
    expect(effects.changedRows).toEqual([OFF])
    expect(effects.reloads).toBe(0)
    expect(effects.notices).toEqual(['admin.subscription.deactivated'])
    actor.send({ type: 'merchants.subscription', row: OFF })
    expect(view().confirm?.action).toBe('activate')
  })

  it('connects as a merchant with an impostor token for this admin, and says so when refused', async () => {
    let ok = false
    const { actor, effects, view } = start({
      encodeToken: async () => {
        if (!ok) throw new ApiError(403, 'FORBIDDEN', 'no')
        return { id: 'tok' }
      },
    })
    actor.send({ type: 'merchants.connectAs', row: ROW })
    expect(view().busy).toEqual({ id: ROW.id, action: 'connect' })
    await settle()
    expect(effects.notices).toEqual(['admin.connectAs.error'])
    expect(view().busy).toBeNull()
    ok = true
    actor.send({ type: 'merchants.connectAs', row: ROW })
    await settle()
    expect(effects.actedAs).toEqual(['tok'])
    expect(actor.getSnapshot().matches('leaving')).toBe(true)
  })

  it('creates a franchise: errors after a submit, the server’s 409 on the e-mail, then a reload', async () => {
    let reply: Promise<unknown> = Promise.reject(new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken'))
    reply.catch(() => {})
    const { actor, effects, view } = start({ createFranchiseOwner: () => reply })
    actor.send({ type: 'merchants.create' })
    actor.send({ type: 'form.change', field: 'email', value: 'cafe' })
    expect(view().formErrors).toEqual({})
    actor.send({ type: 'form.submit' })
    expect(view().formErrors).toMatchObject({ title: 'admin.create.errors.titleRequired' })
    actor.send({ type: 'form.change', field: 'title', value: 'Café' })
    actor.send({ type: 'form.change', field: 'email', value: 'cafe@example.test' })
    actor.send({ type: 'form.submit' })
    await settle()
    expect(view()).toMatchObject({
      isFormOpen: true,
      formErrors: { email: 'admin.create.errors.emailExists' },
    })
    reply = Promise.resolve({
      franchise: { id: 'f', name: 'Café', codeAlpha3: 'FRA', currencyCode: 'EUR' },
      owner: { id: 'o', email: 'cafe@example.test' },
    })
    actor.send({ type: 'form.submit' })
    await settle()
    expect(view().isFormOpen).toBe(false)
    expect(effects.notices).toEqual(['admin.create.success'])
    expect(effects.reloads).toBe(1)
  })

  it('creates a franchise without its owner: no e-mail needed, then its panel opens', async () => {
    const { actor, effects, view } = start({ createFranchise: async () => CREATED })
    actor.send({ type: 'merchants.create' })
    expect(view().ownerTiming).toBe('now')
    actor.send({ type: 'form.submit' })
    expect(view().formErrors).toMatchObject({ email: 'admin.create.errors.emailRequired' })
    actor.send({ type: 'form.ownerTiming', value: 'later' })
    // The e-mail is no longer asked for; the title still is.
    expect(view().formErrors).toEqual({ title: 'admin.create.errors.titleRequired' })
    actor.send({ type: 'form.change', field: 'title', value: ' Café ' })
    actor.send({ type: 'form.submit' })
    expect(view()).toMatchObject({ isCreating: true, isFormOpen: true })
    expect(effects.calls.at(-1)).toEqual({
      actor: 'createFranchise',
      input: { values: { title: ' Café ', codeAlpha3: 'FRA', email: '', displayName: '' } },
    })
    await settle()
    expect(view().isFormOpen).toBe(false)
    expect(effects.panels).toEqual([CREATED.id])
    expect(effects.notices).toEqual(['admin.create.createdAlone'])
    expect(effects.calls.some((c) => c.actor === 'createFranchiseOwner')).toBe(false)
  })

  it('adds a franchise to a merchant from its row: busy row, generic error, then a reload', async () => {
    let reply: () => Promise<unknown> = async () => {
      throw new ApiError(500, 'INTERNAL_ERROR', 'down')
    }
    const { actor, effects, view } = start({ createFranchise: () => reply() })
    actor.send({ type: 'merchants.addFranchise', row: ROW })
    expect(view()).toMatchObject({ isAddFormOpen: true, isFormOpen: false, canAct: false })
    expect(view().addFor?.id).toBe(ROW.id)
    // Title and country only: no e-mail asked.
    actor.send({ type: 'form.submit' })
    expect(view().formErrors).toEqual({ title: 'admin.create.errors.titleRequired' })
    actor.send({ type: 'form.change', field: 'title', value: 'Dupont Traiteur' })
    actor.send({ type: 'form.submit' })
    expect(view()).toMatchObject({ isAdding: true, busy: { id: ROW.id, action: 'addFranchise' } })
    expect(effects.calls.at(-1)).toMatchObject({ actor: 'createFranchise', input: { userId: ROW.id } })
    await settle()
    expect(view()).toMatchObject({ isAddFormOpen: true, isAdding: false, formError: 'errors.generic' })
    reply = async () => ({ ...CREATED, name: 'Dupont Traiteur', userId: ROW.id })
    actor.send({ type: 'form.submit' })
    await settle()
    expect(view()).toMatchObject({ isAddFormOpen: false, busy: null, canAct: true })
    expect(effects.notices).toEqual(['admin.addFranchise.success'])
    expect(effects.panels).toEqual([])
    expect(effects.reloads).toBe(1)
  })

  it('cancels the add-franchise dialog without a call', () => {
    const { actor, effects, view } = start()
    actor.send({ type: 'merchants.addFranchise', row: ROW })
    actor.send({ type: 'dialog.cancel' })
    expect(view()).toMatchObject({ isAddFormOpen: false, canAct: true, addFor: null })
    expect(actor.getSnapshot().context.target).toBeNull()
    expect(effects.calls.some((c) => c.actor === 'createFranchise')).toBe(false)
  })
})
