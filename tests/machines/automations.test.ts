// Model-based tests of the automated-marketing machines (issue 20): the editor (load, edit, §5 errors
// shown once a save was tried, save, reset to the type, the unsaved-change confirmation) and the list
// (load, switch a card). Paths come from xstate/graph; each path's end is checked for what it must show.
// The audience filters are the campaign editor's (src/domain/audience-filters.ts): a range typed upside
// down blocks the save with the field's error, and the filters typed reach the save's body.
import { describe, expect, it } from 'vitest'
import { automationEditorMachine, toAutomationEditorView } from '../../machines/automation-editor'
import { automationListMachine, toAutomationListView } from '../../machines/automation-list'
import { ApiError } from '../../src/api/client'
import { EMPTY_AUDIENCE } from '../../src/domain/audience-filters'
import { type AutomationForm, formOf, inputOf, resetForm } from '../../src/domain/automation-draft'
import { automation } from '../support/automation-screens'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

// The support builder's birthday automation, with this file's own ids and texts.
const TITLE = 'Happy birthday'
const A = automation('BIRTHDAY', {
  id: '33333333-3333-4333-8333-333333333333',
  userId: '22222222-2222-4222-8222-222222222222',
  title: TITLE,
  message: 'Happy birthday! A little gift awaits you in store.',
  communicationCampaign: {
    ...automation('BIRTHDAY').communicationCampaign,
    name: TITLE,
    userId: null,
    notification: { title: TITLE, imageUrl: null, link: null },
  },
})
const editorInput = {
  id: A.id,
  userId: A.userId!,
  type: 'BIRTHDAY' as const,
  optOut: 'STOP 36180',
  stores: [],
}

describe('automation editor machine', () => {
  const calls: Calls = []
  const left: (string | null)[] = []
  const machine = automationEditorMachine.provide({
    actors: recordingActors(['loadAutomation', 'saveAutomation'], calls) as never,
    actions: { leavePage: (_, p: { to: string | null }) => void left.push(p.to) },
  })
  const events = [
    { type: 'xstate.done.actor.loadAutomation', output: { automation: A, months: [] } },
    { type: 'xstate.error.actor.loadAutomation', error: new Error('down') },
    { type: 'automation.change', field: 'message', value: '' },
    { type: 'automation.change', field: 'message', value: 'Bon anniversaire' },
    { type: 'automation.toggleActive' },
    { type: 'automation.reset' },
    { type: 'automation.submit' },
    { type: 'xstate.done.actor.saveAutomation', output: { ...A, isActive: true } },
    { type: 'automation.leave', to: '/pages/marketing/list' },
    { type: 'automation.confirmLeave' },
    { type: 'automation.stay' },
    { type: 'automation.retry' },
    { type: 'automation.filter', field: 'minAge', value: '30' },
    { type: 'automation.filter', field: 'maxAge', value: '20' },
    { type: 'automation.toggleFilter', field: 'clientsTypes', value: 'REGULAR_CUSTOMER' },
  ]
  const paths = generatePaths(machine, events, editorInput)
  const isUpsideDown = (f: AutomationForm) => f.filters.minAge === '30' && f.filters.maxAge === '20'
  const lastSave = () =>
    calls.filter((c) => c.actor === 'saveAutomation').at(-1)?.input as { form: AutomationForm } | undefined

  it('reaches every state', () => {
    expectEveryStateReached(machine, paths)
  })

  it('shows on each path what its end must show', () => {
    const seen = { upsideDownShown: 0, savedWithFilters: 0 }
    for (const p of paths) {
      const s = replay(machine, p.steps, editorInput)
      const view = toAutomationEditorView(s as never)
      const c = s.context
      if (s.matches('loadFailed')) expect(view.hasFailed).toBe(true)
      if (s.matches('editing')) {
        // A message emptied shows its error only once a save was tried.
        if (c.form.message === '' && c.showErrors) expect(view.errors.message).toBe('required')
        // An age range upside down shows the campaign editor's error on its min, once a save was tried.
        if (isUpsideDown(c.form) && c.showErrors) {
          expect(view.errors.filters?.minAge).toBe('MIN_ABOVE_MAX')
          seen.upsideDownShown++
        }
        if (!isUpsideDown(c.form)) expect(view.errors.filters?.minAge).toBeUndefined()
        if (!c.showErrors) expect(view.errors).toEqual({})
        // A filter changed since the load or the save is an unsaved change.
        if (JSON.stringify(c.form.filters) !== JSON.stringify(c.saved.filters))
          expect(view.hasUnsavedChanges).toBe(true)
      }
      if (s.matches('confirmingLeave')) expect(view.isConfirmingLeave).toBe(true)
      if (s.matches('saving')) {
        expect(view.isSaving).toBe(true)
        // Only a valid form is saved, with the filters as typed in its body.
        const form = lastSave()!.form
        expect(form).toEqual(c.form)
        expect(isUpsideDown(form)).toBe(false)
        const body = inputOf(form, 'BIRTHDAY', A.franchiseId).communicationCampaign.campaignFilters
        expect(body.minAge).toBe(form.filters.minAge ? 30 : undefined)
        expect(body.maxAge).toBe(form.filters.maxAge ? 20 : undefined)
        expect(body.clientsTypes).toEqual(form.filters.clientsTypes.length ? ['REGULAR_CUSTOMER'] : undefined)
        if (body.minAge !== undefined || body.clientsTypes) seen.savedWithFilters++
      }
    }
    // The paths do go through both: an error shown on the range, a save carrying filters.
    expect(seen.upsideDownShown).toBeGreaterThan(0)
    expect(seen.savedWithFilters).toBeGreaterThan(0)
  })

  it('never saves an invalid form, asks before leaving with changes, leaves at once without', () => {
    const s = replay(
      machine,
      [{ event: events[0]! }, { event: events[2]! }, { event: events[6]! }],
      editorInput,
    )
    expect(s.matches('editing')).toBe(true)
    expect(toAutomationEditorView(s as never).errors.message).toBe('required')
    const leave = replay(
      machine,
      [{ event: events[0]! }, { event: events[3]! }, { event: events[8]! }],
      editorInput,
    )
    expect(leave.matches('confirmingLeave')).toBe(true)
    const clean = replay(machine, [{ event: events[0]! }, { event: events[8]! }], editorInput)
    expect(clean.status).toBe('done')
    expect(left.at(-1)).toBe('/pages/marketing/list')
  })

  it('resets the form to its type’s defaults, keeping the active switch', () => {
    const s = replay(
      machine,
      [{ event: events[0]! }, { event: events[3]! }, { event: events[4]! }, { event: events[5]! }],
      editorInput,
    )
    expect(s.context.form).toEqual({ ...resetForm('BIRTHDAY'), isActive: true })
    const filtered = replay(
      machine,
      [{ event: events[0]! }, { event: events[12]! }, { event: events[14]! }, { event: events[5]! }],
      editorInput,
    )
    expect(filtered.context.form.filters).toEqual(EMPTY_AUDIENCE)
  })

  it('blocks the save of an upside-down range with the field’s error, saves once it is mended', () => {
    const s = replay(
      machine,
      [{ event: events[0]! }, { event: events[12]! }, { event: events[13]! }, { event: events[6]! }],
      editorInput,
    )
    expect(s.matches('editing')).toBe(true)
    expect(toAutomationEditorView(s as never).errors.filters).toEqual({ minAge: 'MIN_ABOVE_MAX' })
    const mended = replay(
      machine,
      [
        { event: events[0]! },
        { event: events[12]! },
        { event: events[13]! },
        { event: events[6]! },
        { event: { type: 'automation.filter', field: 'maxAge', value: '40' } },
        { event: events[14]! },
        { event: events[6]! },
      ],
      editorInput,
    )
    expect(mended.matches('saving')).toBe(true)
    const body = inputOf(lastSave()!.form, 'BIRTHDAY', A.franchiseId)
    expect(body.communicationCampaign.campaignFilters).toEqual({
      minAge: 30,
      maxAge: 40,
      clientsTypes: ['REGULAR_CUSTOMER'],
    })
  })

  it('marks a filter the server refused on its field', () => {
    const refused = new ApiError(400, 'VALIDATION_FAILED', 'Invalid body', {
      field: 'communicationCampaign.campaignFilters.minAge',
    })
    const s = replay(
      machine,
      [
        { event: events[0]! },
        { event: events[12]! },
        { event: events[6]! },
        { event: { type: 'xstate.error.actor.saveAutomation', error: refused } },
      ],
      editorInput,
    )
    expect(s.matches('editing')).toBe(true)
    expect(toAutomationEditorView(s as never).errors.filters).toEqual({ minAge: 'refused' })
    expect(s.context.formError).toBeNull()
  })

  it('loads every saved filter into the form and saves it back unchanged (a minimum of points too)', () => {
    const campaignFilters = {
      storeIds: ['44444444-4444-4444-8444-444444444444'],
      minLoyaltyPoints: 50,
      minAge: 18,
      maxAge: 65,
      gender: 'women' as const,
      minAverageBasket: 12.5,
      startPassageDate: '2026-01-01',
      endPassageDate: '2026-06-30',
      minNbPassageTransactions: 2,
      zipOrPostcodes: ['75003', '69001'],
      radius: { km: 10, center: { postcode: '75003' } },
      clientsTypes: ['NEW_CUSTOMER' as const],
      clientsAcquiredFrom: ['STORE' as const],
    }
    const saved = { ...A, communicationCampaign: { ...A.communicationCampaign, campaignFilters } }
    const loaded = { type: 'xstate.done.actor.loadAutomation', output: { automation: saved, months: [] } }
    const s = replay(machine, [{ event: loaded }, { event: events[3]! }, { event: events[6]! }], editorInput)
    expect(s.context.saved.filters.minLoyaltyPoints).toBe('50')
    expect(s.context.saved.filters.clientsTypes).toEqual(['NEW_CUSTOMER'])
    expect(s.matches('saving')).toBe(true)
    expect(
      inputOf(lastSave()!.form, 'BIRTHDAY', A.franchiseId).communicationCampaign.campaignFilters,
    ).toEqual(campaignFilters)
    expect(formOf(saved).filters).toEqual(s.context.form.filters)
  })
})

describe('automation list machine', () => {
  const calls: Calls = []
  const machine = automationListMachine.provide({
    actors: recordingActors(['loadAutomations', 'toggleAutomation'], calls) as never,
  })
  const input = { franchiseId: A.franchiseId, userId: A.userId! }
  const loaded = {
    type: 'xstate.done.actor.loadAutomations',
    output: { automations: [A], month: { revenue: 100, byType: {} }, total: { revenue: 500, byType: {} } },
  }
  const events = [
    loaded,
    { type: 'xstate.error.actor.loadAutomations', error: new Error('down') },
    { type: 'marketing.retry' },
    { type: 'marketing.toggle', id: A.id },
    { type: 'xstate.done.actor.toggleAutomation', output: { ...A, isActive: true } },
    { type: 'xstate.error.actor.toggleAutomation', error: new Error('refused') },
  ]
  const paths = generatePaths(machine, events, input)

  it('reaches every state and shows what each must', () => {
    expectEveryStateReached(machine, paths)
    for (const p of paths) {
      const s = replay(machine, p.steps, input)
      const view = toAutomationListView(s as never)
      if (s.matches('failed')) expect(view.hasFailed).toBe(true)
      if (s.matches('ready')) {
        expect(view.totalRevenue).toBe(500)
        expect(view.cards[0]?.path).toBe(`/pages/marketing/birthday/${A.id}`)
        expect(view.cards[0]?.canToggle).toBe(true)
      }
      if (s.matches('toggling')) expect(view.cards[0]?.isToggling).toBe(true)
    }
  })

  it('a switch answered shows the saved card; a refusal keeps it and says so', () => {
    const on = replay(machine, [{ event: loaded }, { event: events[3]! }, { event: events[4]! }], input)
    expect(toAutomationListView(on as never).cards[0]?.isActive).toBe(true)
    const off = replay(machine, [{ event: loaded }, { event: events[3]! }, { event: events[5]! }], input)
    expect(toAutomationListView(off as never).cards[0]?.isActive).toBe(false)
    expect(toAutomationListView(off as never).error).toBe('automatedMarketing.errors.toggle')
  })
})
