// The campaign editor (machines/campaign-editor): model-based paths over the loading, the target with
// its audience, and the steps to the validation dialog, each replayed on the real machine; what every
// path must show is checked on the view and on the calls it made, not on the generated state.
import { assert as check } from 'superstruct'
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  AUDIENCE_DEBOUNCE_MS,
  type CampaignEditorInput,
  type CountAudienceInput,
  campaignEditorMachine,
  type SaveCampaignInput,
  toCampaignEditorView,
} from '../../machines/campaign-editor'
import { ApiError } from '../../src/api/client'
import { CampaignInput } from '../../src/domain/campaign-contract'
import { contentErrors, dateErrors, draftOf, isInWindow, targetErrors } from '../../src/domain/campaign-draft'
import { filterErrors } from '../../src/domain/campaigns'
import { optOutMention } from '../../src/domain/sms'
import { CAMPAIGN_ID, EDITOR_INPUT, FRANCHISE, NOW, SENT } from '../support/campaign-screens'
import { type Calls, leafStates, recordingActors, valueToPaths } from '../support/model'

const input: CampaignEditorInput = EDITOR_INPUT
/** Shortest paths where states differing only by the audience request number are one. */
function generatePaths(machine: typeof campaignEditorMachine, events: unknown, at: CampaignEditorInput) {
  return getShortestPaths(machine, {
    events: events as never,
    input: at,
    serializeState: (s) => {
      const { audienceRequest: _r, now: _n, ...context } = s.context
      return JSON.stringify({ v: s.value, c: context })
    },
  })
}
const AFTER = 'xstate.after.AUDIENCE_DEBOUNCE.campaignEditor.editing.audience.debouncing'
const COST = { nbUsers: 12, totalPrice: 0.96, unitPrice: 0.08 }

type Effects = {
  calls: Calls
  notices: string[]
  back: number
  history: number
  left: number
  leftTo: (string | null)[]
}
const noEffects = (): Effects => ({ calls: [], notices: [], back: 0, history: 0, left: 0, leftTo: [] })

function harness(effects: Effects) {
  return campaignEditorMachine.provide({
    actors: {
      ...recordingActors(
        ['loadEditor', 'countAudience', 'uploadImage', 'saveCampaign', 'sendCampaign'],
        effects.calls,
      ),
      guardLeaving: fromCallback(() => () => {}),
    } as never,
    actions: {
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      goBack: () => effects.back++,
      goToHistory: () => effects.history++,
      leavePage: (_, p: { to: string | null }) => {
        effects.left++
        effects.leftTo.push(p.to)
      },
    },
  })
}

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const audienceAnswers = (state: any) => {
  const id: number = state.context.audienceRequest
  return [
    { type: AFTER },
    { type: 'xstate.done.actor.countAudience', output: { requestId: id, cost: COST } },
    { type: 'xstate.done.actor.countAudience', output: { requestId: id, cost: null } },
    {
      type: 'xstate.done.actor.countAudience',
      output: { requestId: id - 1, cost: { ...COST, nbUsers: 99 } },
    },
    { type: 'xstate.error.actor.countAudience', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
    { type: 'editor.retryAudience' },
  ]
}
const loaded = {
  type: 'xstate.done.actor.loadEditor',
  output: { senderId: 'MAISON', campaign: null, news: [] },
}

/** Loading: the franchise (and campaign) or a failure that goes back; leaving before any change. */
const loadingEvents = () => [
  loaded,
  { type: 'xstate.done.actor.loadEditor', output: { senderId: null, campaign: SENT, news: [] } },
  {
    type: 'xstate.error.actor.loadEditor',
    error: new ApiError(404, 'COMMUNICATION_CAMPAIGN_NOT_FOUND', 'x'),
  },
  { type: 'xstate.error.actor.loadEditor', error: new ApiError(500, 'INTERNAL_ERROR', 'x') },
  { type: 'editor.leave' },
  { type: 'editor.next' },
]

/** The target: filters right and wrong, the channel, and the audience's answers. */
// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const targetEvents = (state: any) =>
  state.matches('loading')
    ? [loaded]
    : [
        { type: 'editor.filter', field: 'minLoyaltyPoints', value: '50' },
        { type: 'editor.filter', field: 'maxLoyaltyPoints', value: '10' },
        { type: 'editor.toggle', field: 'clientsTypes', value: 'REGULAR_CUSTOMER' },
        { type: 'editor.channel', channel: 'PUSH' },
        { type: 'editor.name', value: 'Soldes' },
        { type: 'editor.next' },
        { type: 'editor.leave' },
        { type: 'editor.leaveCancel' },
        { type: 'editor.leaveConfirm' },
        ...audienceAnswers(state),
      ]

/** Through the steps to the dialog and its save, send and failures. */
// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const stepEvents = (state: any) =>
  state.matches('loading')
    ? [loaded]
    : [
        { type: 'editor.name', value: 'Soldes' },
        { type: 'editor.text', field: 'message', value: 'Soldes ce week-end' },
        { type: 'editor.schedule', field: 'mode', value: 'later' },
        { type: 'editor.schedule', field: 'date', value: '2026-12-01' },
        { type: 'editor.schedule', field: 'hour', value: '21:00' },
        { type: 'editor.schedule', field: 'hour', value: '10:00' },
        { type: 'editor.next' },
        { type: 'editor.back' },
        { type: 'editor.goTo', step: 'target' },
        { type: 'editor.validate' },
        { type: 'editor.confirm' },
        { type: 'editor.cancel' },
        { type: 'xstate.done.actor.saveCampaign', output: { ...SENT, isSent: false } },
        { type: 'xstate.error.actor.saveCampaign', error: new ApiError(400, 'SENDER_ID_NOT_VALID', 'x') },
        { type: 'xstate.error.actor.saveCampaign', error: new ApiError(500, 'INTERNAL_ERROR', 'x') },
        { type: 'xstate.done.actor.sendCampaign', output: SENT },
        { type: 'xstate.error.actor.sendCampaign', error: new ApiError(500, 'INTERNAL_ERROR', 'x') },
      ]

/** A push with an image: uploaded once, before the save. */
// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const imageEvents = (state: any) =>
  state.matches('loading')
    ? [loaded]
    : [
        { type: 'editor.channel', channel: 'PUSH' },
        { type: 'editor.name', value: 'Soldes' },
        { type: 'editor.text', field: 'title', value: 'Soldes' },
        { type: 'editor.text', field: 'message', value: 'Ce week-end' },
        { type: 'editor.image', file: new File(['x'], 'a.png', { type: 'image/png' }), preview: 'blob:a' },
        { type: 'editor.next' },
        { type: 'editor.validate' },
        { type: 'editor.confirm' },
        { type: 'xstate.done.actor.uploadImage', output: { url: 'https://cdn.test/a.jpeg' } },
        { type: 'xstate.error.actor.uploadImage', error: new ApiError(413, 'FILE_TOO_LARGE', 'x') },
        { type: 'xstate.done.actor.saveCampaign', output: SENT },
      ]

const NEWS_CHOICE = {
  id: '55555555-5555-4555-8555-000000000001',
  name: 'Brunch',
  startDate: '2026-11-01',
  endDate: '2026-12-31',
  storeIds: [],
  status: 'published',
}
const loadedWithNews = {
  type: 'xstate.done.actor.loadEditor',
  output: { senderId: 'MAISON', campaign: null, news: [NEWS_CHOICE] },
}
/**
 * A NEWS campaign's news item: created (from the campaign or its own text), linked, refused by the
 * limit. Each field is edited where the page shows it (the news part on the content step).
 */
// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const newsEvents = (state: any) => {
  if (state.matches('loading')) return [loadedWithNews]
  const at = (step: string) => state.matches({ editing: { step } })
  const n = state.context.draft.news
  const news = (field: string, value: string) => ({ type: 'editor.news', field, value })
  if (at('target'))
    return [
      { type: 'editor.name', value: 'Brunch' },
      { type: 'editor.text', field: 'message', value: 'Le brunch revient' },
      { type: 'editor.next' },
    ]
  if (at('content'))
    return [
      ...(n.mode === 'none' ? [news('mode', 'create'), news('mode', 'link')] : []),
      ...(n.mode === 'link' ? [news('newsId', NEWS_CHOICE.id)] : []),
      ...(n.mode === 'create' && !n.ownText ? [news('ownText', 'true')] : []),
      ...(n.ownText ? [news('title', 'Brunch du dimanche')] : []),
      { type: 'editor.next' },
    ]
  return [
    { type: 'editor.next' },
    { type: 'editor.validate' },
    { type: 'editor.confirm' },
    { type: 'xstate.error.actor.saveCampaign', error: new ApiError(409, 'NEWS_LIMIT_REACHED', 'x') },
    { type: 'xstate.done.actor.saveCampaign', output: SENT },
  ]
}

const models = [
  generatePaths(campaignEditorMachine, loadingEvents(), input),
  generatePaths(campaignEditorMachine, targetEvents as never, input),
  generatePaths(campaignEditorMachine, stepEvents as never, input),
  generatePaths(campaignEditorMachine, imageEvents as never, input),
]
const paths = models.flat()
const newsPaths = generatePaths(campaignEditorMachine, newsEvents as never, input)

const optOut = optOutMention('FRA')
/** Replays one path on the real machine and checks what it must show and call. */
function replay(path: (typeof paths)[number]) {
  const effects = noEffects()
  const actor = createActor(harness(effects), { input }).start()
  for (const step of path.steps) {
    if ((step.event.type as string) === 'xstate.init') continue
    actor.send(step.event as never)
    const s = actor.getSnapshot()
    const view = toCampaignEditorView(s)
    const d = s.context.draft
    // A later step is shown only when every earlier one is valid.
    if (view.stepIndex >= 1 && !view.isLoading) expect(targetErrors(d)).toEqual({})
    if (view.stepIndex >= 2) expect(contentErrors(d, optOut)).toEqual({})
    if (view.dialog.isLoading) expect(view.dialog.isOpen).toBe(true)
    if (view.dialog.hasBeenSaved) expect(effects.history).toBe(1)
  }
  const view = toCampaignEditorView(actor.getSnapshot())
  actor.stop()
  for (const c of effects.calls.filter((c) => c.actor === 'countAudience')) {
    const body = (c.input as CountAudienceInput).body
    expect(filterErrors(body.campaignFilters)).toEqual([])
  }
  const counts = effects.calls
    .filter((c) => c.actor === 'countAudience')
    .map((c) => (c.input as CountAudienceInput).requestId)
  expect(counts).toEqual(counts.map((_, i) => i + 1))
  for (const c of effects.calls.filter((c) => c.actor === 'saveCampaign')) {
    const { body } = c.input as SaveCampaignInput
    check(body, CampaignInput)
    if (body.communicationCampaign.isScheduled) expect(isInWindow(body.startTime!.hour)).toBe(true)
    expect(
      dateErrors(
        {
          mode: body.startTime ? 'later' : 'now',
          date: body.startTime?.date ?? '',
          hour: body.startTime?.hour ?? '',
          endDate: '',
        },
        'Europe/Paris',
        NOW,
        false,
      ),
    ).toEqual({})
    // A news item is created with a period and, written apart, a title; or an offered one is linked.
    if (body.news) {
      expect(body.content).toBe('NEWS')
      expect(body.news.startDate <= body.news.endDate).toBe(true)
      expect(body.news.startDate).toBe('2026-11-25')
      if (body.isNewsDifferentFromCampaign) expect(body.news.title).toBe('Brunch du dimanche')
      else expect(body.news.title).toBeUndefined()
    }
    if (body.newsId) expect(body.newsId).toBe(NEWS_CHOICE.id)
    if (body.communicationCampaign.notification.imageUrl)
      expect(body.communicationCampaign.notification.imageUrl).toMatch(/^https:/)
  }
  // A scheduled campaign is never sent from here.
  for (const c of effects.calls.filter((c) => c.actor === 'sendCampaign')) {
    const saved = effects.calls.find((x) => x.actor === 'saveCampaign')!.input as SaveCampaignInput
    expect(saved.body.communicationCampaign.isScheduled).toBe(false)
    expect(c.input).toEqual({ franchiseId: FRANCHISE, campaignId: CAMPAIGN_ID })
  }
  if (view.isFailed) {
    expect(effects.back).toBe(1)
    expect(effects.notices).toHaveLength(1)
  } else expect(effects.back).toBe(0)
  if (view.dialog.hasBeenSaved) expect(effects.notices).toContain('communication.success.create')
  const last = path.steps.at(-1)?.event as { error?: ApiError } | undefined
  if (last?.error?.code === 'NEWS_LIMIT_REACHED')
    expect(view.dialog).toMatchObject({ isOpen: true, error: 'communication.errors.newsLimit' })
}

describe('campaign editor machine (model-based)', () => {
  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => valueToPaths(p.state.value)))
    expect([...reached].sort()).toEqual(leafStates(campaignEditorMachine).sort())
  })

  it('replays every path: only valid steps are passed, only valid campaigns saved, failures go back', () => {
    expect(paths.length).toBeGreaterThan(100)
    for (const path of paths) replay(path)
  }, 60_000)

  it('replays the news item paths: created with a period (and a title apart), or linked', () => {
    expect(newsPaths.length).toBeGreaterThan(20)
    for (const path of newsPaths) replay(path)
  }, 60_000)
})

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

  it('shows a step’s errors only after a first "next", and keeps the input going back', () => {
    const { view, send } = start()
    send(loaded)
    send({ type: 'editor.filter', field: 'minAge', value: '40' })
    send({ type: 'editor.filter', field: 'maxAge', value: '30' })
    expect(view().errors.target).toEqual({})
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
    expect(view()).toMatchObject({ step: 'target', smsReadiness: 'noSenderId' })
    send({ type: 'editor.channel', channel: 'PUSH' })
    send({ type: 'editor.next' })
    expect(view().step).toBe('content')
    const noSub = start({ isSubscribed: false })
    noSub.send(loaded)
    expect(noSub.view().smsReadiness).toBe('noSubscription')
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
    const d = draftOf({
      ...SENT,
      content: 'COUPON_AMOUNT',
      coupon: { type: 'flat', value: 550, header: '5,50 € offerts', validity: { value: 2, unit: 'weeks' } },
    })
    expect(d.coupon).toMatchObject({ value: '5.5', header: '5,50 € offerts', validityValue: '2' })
    expect(d.filters).toMatchObject({ scope: 'franchise', minLoyaltyPoints: '10' })
    expect(d.schedule).toEqual({ mode: 'later', date: '2026-11-21', hour: '10:00', endDate: '' })
  })
})
