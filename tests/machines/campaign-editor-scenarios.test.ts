import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import {
  AUDIENCE_DEBOUNCE_MS,
  type CampaignEditorInput,
  type CountAudienceInput,
  type SaveCampaignInput,
  toCampaignEditorView,
} from '../../machines/campaign-editor'
import { ApiError } from '../../src/api/client'
import { draftOf } from '../../src/domain/campaign-draft'
import { COST, harness, input, loaded, noEffects } from '../support/campaign-editor-model'
import { CAMPAIGN_ID, FRANCHISE, SENT, WITH_NEWS } from '../support/campaign-screens'

describe('campaign editor machine (scenarios)', () => {
  const start = (over: Partial<CampaignEditorInput> = {}) => {
    const effects = noEffects()
    const clock = new SimulatedClock()
    const actor = createActor(harness(effects), { input: { ...input, ...over }, clock }).start()
    const view = () => toCampaignEditorView(actor.getSnapshot())
    const send = (e: object) => actor.send(e as never)
    const calls = (name: string) => effects.calls.filter((c) => c.actor === name)
    return { actor, effects, clock, view, send, calls }
  }

  it('counts the audience after a pause in the typing, and applies only the latest answer', () => {
    const { clock, view, send, calls } = start()
    send(loaded)
    clock.increment(AUDIENCE_DEBOUNCE_MS)
    expect(calls('countAudience')).toHaveLength(1)
    send({ type: 'editor.filter', field: 'minLoyaltyPoints', value: '5' })
    clock.increment(AUDIENCE_DEBOUNCE_MS - 1)
    send({ type: 'editor.filter', field: 'minLoyaltyPoints', value: '50' })
    clock.increment(AUDIENCE_DEBOUNCE_MS - 1)
    expect(calls('countAudience')).toHaveLength(1)
    clock.increment(1)
    expect(calls('countAudience')).toHaveLength(2)
    expect(
      (calls('countAudience')[1]!.input as CountAudienceInput).body.campaignFilters.minLoyaltyPoints,
    ).toBe(50)
    send({
      type: 'xstate.done.actor.countAudience',
      output: { requestId: 1, cost: { ...COST, nbUsers: 99 } },
    })
    expect(view().audience).toMatchObject({ isCounting: true, nbUsers: 0 })
    send({ type: 'xstate.done.actor.countAudience', output: { requestId: 2, cost: COST } })
    expect(view().audience).toMatchObject({ state: 'ready', nbUsers: 12, totalPrice: 0.96 })
    send({ type: 'editor.filter', field: 'maxLoyaltyPoints', value: '10' })
    expect(view().audience.state).toBe('invalid')
    clock.increment(AUDIENCE_DEBOUNCE_MS * 2)
    expect(calls('countAudience')).toHaveLength(2)
  })

  it('says "no user found" and offers a retry after a failure', () => {
    const { clock, view, send, calls } = start()
    send(loaded)
    clock.increment(AUDIENCE_DEBOUNCE_MS)
    send({ type: 'xstate.done.actor.countAudience', output: { requestId: 1, cost: null } })
    expect(view().audience.isEmpty).toBe(true)
    send({ type: 'editor.channel', channel: 'PUSH' })
    clock.increment(AUDIENCE_DEBOUNCE_MS)
    send({ type: 'xstate.error.actor.countAudience', error: new ApiError(0, 'NETWORK_ERROR', 'x') })
    expect(view().audience.isFailed).toBe(true)
    send({ type: 'editor.retryAudience' })
    expect(calls('countAudience')).toHaveLength(3)
  })

  it('marks a minimum above its maximum on its field at once, as the audience refuses to count', () => {
    const { view, send } = start()
    send(loaded)
    send({ type: 'editor.filter', field: 'minAge', value: '40' })
    expect(view().errors.target).toEqual({})
    send({ type: 'editor.filter', field: 'maxAge', value: '30' })
    // The guard that stops the count (hasFilterErrors) and the field it blames are one rule.
    expect(view().audience.state).toBe('invalid')
    expect(view().errors.target).toEqual({ minAge: 'MIN_ABOVE_MAX' })
    send({ type: 'editor.filter', field: 'maxAge', value: '50' })
    expect(view().errors.target).toEqual({})
    expect(view().audience.state).not.toBe('invalid')
  })

  it('refuses "next" on an SMS longer than one SMS until it fits, and says why at once', () => {
    const { view, send } = start()
    send(loaded)
    send({ type: 'editor.name', value: 'Soldes' })
    send({ type: 'editor.next' })
    expect(view()).toMatchObject({ step: 'content', canGoNext: true })
    // “ and ” turn the text into UCS-2: 70 characters for text, link and opt-out mention together.
    send({ type: 'editor.text', field: 'message', value: `“Soldes” ${'a'.repeat(40)}` })
    expect(view().sms).toMatchObject({ encoding: 'UCS-2', limit: 70, isLengthValid: false })
    expect(view().canGoNext).toBe(false)
    send({ type: 'editor.next' })
    expect(view().step).toBe('content')
    send({ type: 'editor.text', field: 'message', value: '“Soldes” ce week-end' })
    expect(view().canGoNext).toBe(true)
    send({ type: 'editor.next' })
    expect(view().step).toBe('date')
  })

  it('shows a step’s errors only after a first "next", and keeps the input going back', () => {
    const { view, send } = start()
    send(loaded)
    send({ type: 'editor.filter', field: 'minAge', value: '40' })
    send({ type: 'editor.filter', field: 'maxAge', value: '30' })
    expect(view().errors.target).toEqual({ minAge: 'MIN_ABOVE_MAX' })
    send({ type: 'editor.next' })
    expect(view()).toMatchObject({
      step: 'target',
      errors: { target: { minAge: 'MIN_ABOVE_MAX', name: 'required' } },
    })
    send({ type: 'editor.filter', field: 'maxAge', value: '50' })
    send({ type: 'editor.name', value: 'Soldes' })
    send({ type: 'editor.next' })
    send({ type: 'editor.text', field: 'message', value: 'Soldes ce week-end' })
    send({ type: 'editor.next' })
    expect(view().step).toBe('date')
    send({ type: 'editor.goTo', step: 'target' })
    expect(view().step).toBe('target')
    expect(view().draft).toMatchObject({ name: 'Soldes', message: 'Soldes ce week-end' })
    expect(view().draft.filters).toMatchObject({ minAge: '40', maxAge: '50' })
  })

  it('refuses SMS without a valid sender id, and says so', () => {
    const { view, send } = start()
    send({ type: 'xstate.done.actor.loadEditor', output: { senderId: 'A B', campaign: null, news: [] } })
    send({ type: 'editor.name', value: 'Soldes' })
    send({ type: 'editor.next' })
    // "Next" is refused (the page disables it) and the note says what SMS lacks.
    expect(view()).toMatchObject({ step: 'target', smsReadiness: 'noSenderId', canGoNext: false })
    send({ type: 'editor.channel', channel: 'PUSH' })
    expect(view()).toMatchObject({ smsReadiness: 'ready', canGoNext: true })
    send({ type: 'editor.next' })
    expect(view().step).toBe('content')
    const noSub = start({ isSubscribed: false })
    noSub.send(loaded)
    expect(noSub.view()).toMatchObject({ smsReadiness: 'noSubscription', canGoNext: false })
  })

  it('refuses a schedule outside 08:00-20:00 in the franchise’s time zone', () => {
    const { view, send } = start()
    send(loaded)
    send({ type: 'editor.name', value: 'Soldes' })
    send({ type: 'editor.next' })
    send({ type: 'editor.text', field: 'message', value: 'Soldes' })
    send({ type: 'editor.next' })
    send({ type: 'editor.schedule', field: 'mode', value: 'later' })
    send({ type: 'editor.schedule', field: 'date', value: '2026-12-01' })
    send({ type: 'editor.schedule', field: 'hour', value: '20:00' })
    send({ type: 'editor.next' })
    expect(view()).toMatchObject({ step: 'date', errors: { date: { hour: 'outsideWindow' } } })
    send({ type: 'editor.schedule', field: 'hour', value: '07:59' })
    expect(view().errors.date).toEqual({ hour: 'outsideWindow' })
    send({ type: 'editor.schedule', field: 'hour', value: '19:59' })
    send({ type: 'editor.next' })
    expect(view().step).toBe('preview')
  })

  it('saves a campaign sent now: create, send, then history with the success message', async () => {
    const { effects, send, calls, view } = start()
    send(loaded)
    send({ type: 'editor.name', value: 'Soldes' })
    send({ type: 'editor.next' })
    send({ type: 'editor.text', field: 'message', value: 'Soldes' })
    send({ type: 'editor.text', field: 'link', value: '  ' })
    send({ type: 'editor.next' })
    send({ type: 'editor.next' })
    send({ type: 'editor.validate' })
    expect(view().dialog).toMatchObject({ isOpen: true, isLoading: false, hasBeenSaved: false })
    send({ type: 'editor.confirm' })
    expect(view().dialog.isLoading).toBe(true)
    const body = (calls('saveCampaign')[0]!.input as SaveCampaignInput).body
    expect(body.communicationCampaign.notification.link).toBeNull()
    expect(body.communicationCampaign.isScheduled).toBe(false)
    send({ type: 'xstate.done.actor.saveCampaign', output: { ...SENT, isSent: false } })
    expect(calls('sendCampaign')).toHaveLength(1)
    send({ type: 'xstate.done.actor.sendCampaign', output: SENT })
    expect(view().dialog.hasBeenSaved).toBe(true)
    expect(view().isDirty).toBe(false)
    expect(effects.notices).toEqual(['communication.success.create'])
    expect(effects.history).toBe(1)
  })

  it('shows the sender-id message for SENDER_ID_NOT_VALID and the generic one otherwise', () => {
    const { send, view } = start()
    send(loaded)
    send({ type: 'editor.name', value: 'Soldes' })
    send({ type: 'editor.next' })
    send({ type: 'editor.text', field: 'message', value: 'Soldes' })
    send({ type: 'editor.next' })
    send({ type: 'editor.next' })
    send({ type: 'editor.validate' })
    send({ type: 'editor.confirm' })
    send({ type: 'xstate.error.actor.saveCampaign', error: new ApiError(400, 'SENDER_ID_NOT_VALID', 'x') })
    expect(view().dialog).toMatchObject({ isOpen: true, error: 'communication.errors.senderId' })
    send({ type: 'editor.confirm' })
    send({ type: 'xstate.error.actor.saveCampaign', error: new ApiError(500, 'INTERNAL_ERROR', 'x') })
    expect(view().dialog.error).toBe('communication.errors.validation')
  })

  it('a new NEWS campaign creates its news item from today for a week, valid as it comes', () => {
    const { view, send, calls } = start()
    send(loaded)
    expect(view().draft).toMatchObject({
      content: 'NEWS',
      news: { mode: 'create', startDate: '2026-11-25', endDate: '2026-12-01' },
    })
    send({ type: 'editor.name', value: 'Soldes' })
    send({ type: 'editor.next' })
    send({ type: 'editor.text', field: 'message', value: 'Soldes ce week-end' })
    send({ type: 'editor.next' })
    expect(view()).toMatchObject({ step: 'date', errors: { content: {} } })
    send({ type: 'editor.next' })
    send({ type: 'editor.validate' })
    send({ type: 'editor.confirm' })
    const { body } = calls('saveCampaign')[0]!.input as SaveCampaignInput
    expect(body).toMatchObject({
      content: 'NEWS',
      newsId: null,
      isNewsDifferentFromCampaign: false,
      news: { startDate: '2026-11-25', endDate: '2026-12-01' },
    })
  })

  it('an edited campaign keeps linking its news item; one without gets one to create', () => {
    const linked = start({ campaignId: CAMPAIGN_ID })
    linked.send({
      type: 'xstate.done.actor.loadEditor',
      output: { senderId: 'MAISON', campaign: WITH_NEWS, news: [] },
    })
    expect(linked.view().draft.news).toMatchObject({ mode: 'link', newsId: WITH_NEWS.newsId })
    const bare = start({ campaignId: CAMPAIGN_ID })
    bare.send({
      type: 'xstate.done.actor.loadEditor',
      output: { senderId: 'MAISON', campaign: SENT, news: [] },
    })
    expect(bare.view().draft.news).toMatchObject({
      mode: 'create',
      startDate: '2026-11-25',
      endDate: '2026-12-01',
    })
  })

  it('edits a sent campaign without sending it again and keeps its start', () => {
    const { send, calls, effects } = start({ campaignId: CAMPAIGN_ID })
    expect(calls('loadEditor')[0]!.input).toEqual({ franchiseId: FRANCHISE, campaignId: CAMPAIGN_ID })
    send({ type: 'xstate.done.actor.loadEditor', output: { senderId: 'MAISON', campaign: SENT, news: [] } })
    send({ type: 'editor.text', field: 'message', value: 'Soldes prolongées' })
    send({ type: 'editor.next' })
    send({ type: 'editor.next' })
    send({ type: 'editor.next' })
    send({ type: 'editor.validate' })
    send({ type: 'editor.confirm' })
    const saved = calls('saveCampaign')[0]!.input as SaveCampaignInput
    expect(saved.campaignId).toBe(CAMPAIGN_ID)
    expect(saved.body.startTime).toEqual(SENT.startTime)
    send({ type: 'xstate.done.actor.saveCampaign', output: SENT })
    expect(calls('sendCampaign')).toHaveLength(0)
    expect(effects.notices).toEqual(['communication.success.edit'])
  })

  it('goes back one page when the campaign cannot be loaded (404: not found; else generic)', () => {
    const a = start({ campaignId: CAMPAIGN_ID })
    a.send({
      type: 'xstate.error.actor.loadEditor',
      error: new ApiError(404, 'COMMUNICATION_CAMPAIGN_NOT_FOUND', 'x'),
    })
    expect(a.effects).toMatchObject({ back: 1, notices: ['communication.errors.notFound'] })
    const b = start({ campaignId: CAMPAIGN_ID })
    b.send({ type: 'xstate.error.actor.loadEditor', error: new ApiError(500, 'INTERNAL_ERROR', 'x') })
    expect(b.effects).toMatchObject({ back: 1, notices: ['errors.generic'] })
  })

  it('asks before leaving with unsaved changes, not without', () => {
    const { send, view, effects } = start()
    send(loaded)
    send({ type: 'editor.leave' })
    expect(effects.left).toBe(1)
    send({ type: 'editor.name', value: 'x' })
    send({ type: 'editor.leave' })
    expect(view().isLeaving).toBe(true)
    send({ type: 'editor.leaveCancel' })
    expect(effects.left).toBe(1)
    send({ type: 'editor.leave', to: '/pages/franchise' })
    send({ type: 'editor.leaveConfirm' })
    expect(effects.left).toBe(2)
    expect(effects.leftTo).toEqual([null, '/pages/franchise'])
  })

  it('turns a stored campaign into the draft it was made from', () => {
    const d = draftOf(
      {
        ...SENT,
        content: 'COUPON_AMOUNT',
        coupon: { type: 'flat', value: 550, header: '5,50 € offerts', validity: { value: 2, unit: 'weeks' } },
      },
      'UTC',
      '2026-11-25',
    )
    expect(d.coupon).toMatchObject({ value: '5.5', header: '5,50 € offerts', validityValue: '2' })
    expect(d.filters).toMatchObject({ scope: 'franchise', minLoyaltyPoints: '10' })
    expect(d.schedule).toEqual({ mode: 'later', date: '2026-11-21', hour: '10:00', endDate: '' })
    // Should it become NEWS, its news item would be created from today.
    expect(d.news).toMatchObject({ mode: 'create', startDate: '2026-11-25', endDate: '2026-12-01' })
  })
})
