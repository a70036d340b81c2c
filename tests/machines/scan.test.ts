import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import { scanMachine, toScanView } from '../../machines/scan'
import { ApiError } from '../../src/api/client'
import { SCAN_COUNTDOWN_SECONDS } from '../../src/domain/scan'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'
import {
  COLLECTED,
  COLLECTED_STRANGER,
  PASSAGE_INFO,
  POS_INFO,
  SCAN_CODE,
  SCAN_UID,
} from '../support/scan-fixtures'

const CALLS = ['loadTag', 'collect', 'sendOpinion', 'loadCard', 'phoneCode']
/** The tag's page opened from the store's QR code: its address carries the store's code. */
const input = { uid: SCAN_UID, code: SCAN_CODE }
const NEW_CODE = 'Nw7_Code-2xy'
const apiError = (code: string, status = 409) => new ApiError(status, code, code)
const video = {} as HTMLVideoElement

const events = [
  { type: 'scan.retry' },
  { type: 'scan.phone', value: '06 12 34 56 78' },
  { type: 'scan.phone', value: '0612' },
  { type: 'scan.receipt', value: 'R-1001' },
  { type: 'scan.submit' },
  { type: 'scan.tick' },
  { type: 'scan.validate' },
  { type: 'scan.cancel' },
  { type: 'opinion.rate', rating: 5 },
  { type: 'opinion.rate', rating: 9 },
  { type: 'opinion.send' },
  { type: 'camera.open' },
  { type: 'camera.video', video },
  { type: 'camera.decoded', text: 'https://app.example/scan/other-tag' },
  { type: 'camera.decoded', text: `https://app.example/scan/${SCAN_UID}?c=${NEW_CODE}` },
  { type: 'camera.denied' },
  { type: 'camera.close' },
  { type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO },
  { type: 'xstate.done.actor.loadTag', output: POS_INFO },
  { type: 'xstate.error.actor.loadTag', error: apiError('TAG_NOT_FOUND', 404) },
  { type: 'xstate.error.actor.loadTag', error: new ApiError(0, 'NETWORK_ERROR', 'offline') },
  { type: 'xstate.done.actor.collect', output: COLLECTED },

  { type: 'xstate.error.actor.collect', error: apiError('VISIT_TOO_SOON') },
  { type: 'xstate.done.actor.sendOpinion', output: {} },
  { type: 'xstate.error.actor.sendOpinion', error: apiError('INTERNAL', 500) },
]

/** The machine with recording call actors; the countdown and camera are inert unless given. */
function machineWith(
  calls: Calls,
  extra: { remembered?: (string | null)[]; opened?: { uid: string; code: string | null }[] } = {},
) {
  return scanMachine.provide({
    actors: {
      ...(recordingActors(CALLS, calls) as object),
      countdown: fromCallback(() => () => {}),
      qrCamera: fromCallback(() => () => {}),
    } as never,
    actions: {
      rememberPhone: (_, p: { phone: string | null }) => extra.remembered?.push(p.phone),
      openTag: (_, p: { uid: string; code: string | null }) => extra.opened?.push(p),
    },
  })
}

// Issue 24 #4: the card's region after a collect, on its own short way in (the opinion's and the
// camera's paths would multiply it).
const { transactionId: _t, clientId: _c, points: _n, ...CARD } = COLLECTED
const cardEvents = [
  { type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO },
  { type: 'scan.phone', value: '06 12 34 56 78' },
  { type: 'scan.submit' },
  { type: 'scan.validate' },
  { type: 'xstate.done.actor.collect', output: COLLECTED },
  { type: 'xstate.done.actor.collect', output: COLLECTED_STRANGER },
  { type: 'card.reveal' },
  { type: 'card.hide' },
  { type: 'card.retry' },
  { type: 'xstate.done.actor.phoneCode', output: { phone: '+33612345678', proof: 'cookie' } },
  { type: 'xstate.done.actor.loadCard', output: CARD },
  { type: 'xstate.error.actor.loadCard', error: apiError('INTERNAL', 500) },
]

/** What the page must show after a path's last event, from the events alone. */
function expectLastEventShown(
  steps: { type: string; [k: string]: unknown }[],
  view: ReturnType<typeof toScanView>,
  calls: Calls,
) {
  const events = steps.filter((e) => e.type !== 'xstate.init')
  const last = events.at(-1)
  const lastCall = calls.at(-1)
  let phone = ''
  let receipt = ''
  for (const e of events) {
    if (e.type === 'scan.phone') phone = e.value as string
    if (e.type === 'scan.receipt') receipt = e.value as string
  }
  const info = events.findLast((e) => e.type === 'xstate.done.actor.loadTag')?.output
  switch (last?.type) {
    case undefined:
      expect(view.step).toBe('loading')
      expect(lastCall?.actor).toBe('loadTag')
      break
    case 'scan.retry':
      // After a failed read the tag is read again; after a failed collect the form comes back.
      if (info === undefined) {
        expect(view.step).toBe('loading')
        expect(lastCall?.actor).toBe('loadTag')
      } else expect(view).toMatchObject({ step: 'entering', phone })
      break
    case 'xstate.done.actor.loadTag':
      expect(view).toMatchObject({
        step: 'entering',
        info: last.output,
        needsReceipt: last.output === POS_INFO,
      })
      break
    case 'xstate.error.actor.loadTag':
      expect(view.step).toBe((last.error as ApiError).status === 404 ? 'notFound' : 'loadFailed')
      break
    case 'scan.phone':
      expect(view.phone).toBe(last.value)
      break
    case 'scan.receipt':
      expect(view.receiptId).toBe(last.value)
      break
    case 'scan.submit': {
      // A valid number (and a receipt where the store asks one) goes on to the confirmation.
      const ok = phone === '06 12 34 56 78' && (info !== POS_INFO || receipt !== '')
      expect(view.step).toBe(ok ? 'confirming' : 'entering')
      if (ok) expect(view.remaining).toBe(SCAN_COUNTDOWN_SECONDS)
      else if (phone !== '') expect(view.phoneError ?? view.receiptError).not.toBeNull()
      break
    }
    case 'scan.tick': {
      // One second per tick since the confirmation opened; at 0 it is cancelled, saying it expired.
      const ticks = events.length - 1 - events.findLastIndex((e) => e.type === 'scan.submit')
      if (ticks < SCAN_COUNTDOWN_SECONDS)
        expect(view).toMatchObject({ step: 'confirming', remaining: SCAN_COUNTDOWN_SECONDS - ticks })
      else expect(view).toMatchObject({ step: 'entering', expired: true })
      break
    }
    case 'scan.validate':
      expect(view).toMatchObject({ step: 'collecting', isCollecting: true })
      expect(lastCall?.actor).toBe('collect')
      break
    case 'scan.cancel':
      expect(view.step).toBe('entering')
      break
    case 'xstate.done.actor.collect':
      expect(view.step).toBe('done')
      expect(view.result).toMatchObject({ transactionId: COLLECTED.transactionId })
      break
    case 'xstate.error.actor.collect':
      expect(view.step).toBe('failed')
      expect(view.error).not.toBeNull()
      break
    case 'opinion.rate':
      expect(view.opinion.rating).toBe(last.rating)
      expect(view.opinion.canSend).toBe(true)
      break
    case 'opinion.send':
      expect(view.opinion.state).toBe('sending')
      expect(lastCall?.actor).toBe('sendOpinion')
      break
    case 'xstate.done.actor.sendOpinion':
      expect(view.opinion.state).toBe('sent')
      break
    case 'xstate.error.actor.sendOpinion':
      expect(view.opinion).toMatchObject({ state: 'failed', canSend: true })
      break
    case 'camera.open':
    case 'camera.video':
      expect(view.step).toBe('camera')
      expect(view.camera?.isDenied).toBe(false)
      break
    case 'camera.denied':
      expect(view.camera?.isDenied).toBe(true)
      break
    case 'camera.decoded':
      // Another tag's code is not this page's; this tag's QR code brings the store's code.
      if ((last.text as string).includes(SCAN_UID)) expect(view.step).not.toBe('camera')
      else expect(view.camera?.unreadable).toBeTruthy()
      break
    case 'camera.close':
      expect(view.step).not.toBe('camera')
      break
    default:
      throw new Error(`no expectation for ${last?.type}`)
  }
}

describe('scan machine', () => {
  const paths = generatePaths(machineWith([]), events, input)
  const cardPaths = generatePaths(machineWith([]), cardEvents, input)

  it('reaches every state', () => {
    expectEveryStateReached(scanMachine, [...paths, ...cardPaths])
  })

  it('issue 24 #4: shows the card only to the owner, or once the phone is proven and the card loaded', () => {
    for (const path of cardPaths) {
      const calls: Calls = []
      const snapshot = replay(machineWith(calls), path.steps, input)
      const view = toScanView(snapshot)
      // A collect answered: the page shows the visit (its card region is what is checked here).
      const collected = path.steps.some((s) => s.event.type.startsWith('xstate.done.actor.collect'))
      expect(view.step === 'done').toBe(collected)
      if (!collected) continue
      const stranger = path.steps.some(
        (s) => s.event.type === 'xstate.done.actor.collect' && s.event.output === COLLECTED_STRANGER,
      )
      const proven = path.steps.some((s) => s.event.type === 'xstate.done.actor.phoneCode')
      const loaded = path.steps.some((s) => s.event.type === 'xstate.done.actor.loadCard')
      expect(view.card.state === 'shown').toBe(!stranger || loaded)
      // The card is asked for only after the phone was proven, for this tag.
      for (const c of calls.filter((x) => x.actor === 'loadCard')) {
        expect(proven).toBe(true)
        expect(c.input).toEqual({ uid: SCAN_UID })
      }
      if (view.card.state === 'shown')
        expect(view.result).toMatchObject({ balance: 60, firstName: 'Camille' })
      else expect(view.result).toMatchObject({ balance: null, firstName: null, coupons: [] })
    }
  })

  // Many paths (the camera's new code doubles the states): seconds on a loaded machine.
  it('replays every path: collects only a valid phone (and a receipt when needed), once confirmed', () => {
    expect(paths.length).toBeGreaterThan(20)
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const snapshot = replay(machineWith(calls), path.steps, input)
      expectLastEventShown(
        path.steps.map((x) => x.event),
        toScanView(snapshot),
        calls,
      )
      const collects = calls.filter((c) => c.actor === 'collect')
      for (const c of collects) {
        const q = c.input as { phone: string; receiptId: string | null; code: string | null }
        expect(q.phone).toBe('06 12 34 56 78')
        const pos = path.steps.some(
          (s) => s.event.type === 'xstate.done.actor.loadTag' && s.event.output === POS_INFO,
        )
        expect(q.receiptId).toBe(pos ? 'R-1001' : null)
        // A visit is always sent with the store's code: the address's, or a later scan's.
        if (!pos) expect([SCAN_CODE, NEW_CODE]).toContain(q.code)
        // Never without going through the confirmation.
        expect(path.steps.some((s) => s.event.type === 'scan.validate')).toBe(true)
      }
      for (const c of calls.filter((x) => x.actor === 'sendOpinion'))
        expect(c.input).toMatchObject({
          rating: 5,
          clientId: COLLECTED.clientId,
          storeId: PASSAGE_INFO.store.id,
        })
    })
  }, 30_000)

  it('counts down each second on a simulated clock and cancels at 0', () => {
    const clock = new SimulatedClock()
    const calls: Calls = []
    const machine = scanMachine.provide({
      actors: {
        ...(recordingActors(CALLS, calls) as object),
        // One tick a second on the test's clock, stopped with the state.
        countdown: fromCallback(({ sendBack }) => {
          let handle: ReturnType<typeof clock.setTimeout>
          const next = () => {
            handle = clock.setTimeout(() => {
              sendBack({ type: 'scan.tick' })
              next()
            }, 1000)
          }
          next()
          return () => clock.clearTimeout(handle)
        }),
      } as never,
    })
    const actor = createActor(machine, { input, clock }).start()
    const view = () => toScanView(actor.getSnapshot())
    /** Second by second, as a real clock would (a tick schedules the next one). */
    const advance = (seconds: number) => {
      for (let i = 0; i < seconds; i++) clock.increment(1000)
    }
    actor.send({ type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO } as never)
    actor.send({ type: 'scan.phone', value: '06 12 34 56 78' })
    actor.send({ type: 'scan.submit' })
    expect(view()).toMatchObject({ step: 'confirming', remaining: SCAN_COUNTDOWN_SECONDS })
    advance(3)
    expect(view().remaining).toBe(SCAN_COUNTDOWN_SECONDS - 3)
    advance(SCAN_COUNTDOWN_SECONDS - 4)
    expect(view()).toMatchObject({ step: 'confirming', remaining: 1 })
    advance(1)
    expect(view()).toMatchObject({ step: 'entering', expired: true, phone: '06 12 34 56 78' })
    advance(5) // the ticker stopped with the state
    expect(view().step).toBe('entering')
    expect(calls.filter((c) => c.actor === 'collect')).toHaveLength(0)
    // Again, validated in time: collects.
    actor.send({ type: 'scan.submit' })
    expect(view().expired).toBe(false)
    advance(4)
    actor.send({ type: 'scan.validate' })
    expect(view().step).toBe('collecting')
    expect(calls.at(-1)).toEqual({
      actor: 'collect',
      input: { uid: SCAN_UID, phone: '06 12 34 56 78', receiptId: null, code: SCAN_CODE },
    })
  })

  it('checks the phone for the store’s country, live once long enough', () => {
    const actor = createActor(machineWith([]), { input }).start()
    const view = () => toScanView(actor.getSnapshot())
    actor.send({ type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO } as never)
    actor.send({ type: 'scan.phone', value: '0612' })
    expect(view()).toMatchObject({ phoneError: null, canSubmit: false })
    actor.send({ type: 'scan.submit' })
    expect(view()).toMatchObject({ step: 'entering', phoneError: 'pages.scan.errors.invalidPhone' })
    actor.send({ type: 'scan.phone', value: '+1 718 555 0142' })
    expect(view()).toMatchObject({ phoneError: null, canSubmit: true })
    actor.send({ type: 'scan.phone', value: '01 23 45 67 8' })
    expect(view().phoneError).toBe('pages.scan.errors.invalidPhone')
  })

  it('asks for the receipt id on point-of-sale cards', () => {
    const actor = createActor(machineWith([]), { input }).start()
    const view = () => toScanView(actor.getSnapshot())
    actor.send({ type: 'xstate.done.actor.loadTag', output: POS_INFO } as never)
    actor.send({ type: 'scan.phone', value: '06 12 34 56 78' })
    expect(view()).toMatchObject({ needsReceipt: true, canSubmit: false })
    actor.send({ type: 'scan.submit' })
    expect(view()).toMatchObject({ step: 'entering', receiptError: 'pages.scan.errors.receiptRequired' })
    actor.send({ type: 'scan.receipt', value: ' R-1001 ' })
    actor.send({ type: 'scan.submit' })
    expect(view().step).toBe('confirming')
  })

  it('remembers the collected phone, forgets it on “not you?”, and says each refusal', () => {
    const calls: Calls = []
    const remembered: (string | null)[] = []
    const actor = createActor(machineWith(calls, { remembered }), {
      input: { ...input, rememberedPhone: '+33612345678' },
    }).start()
    const view = () => toScanView(actor.getSnapshot())
    actor.send({ type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO } as never)
    expect(view()).toMatchObject({ phone: '+33612345678', isRemembered: true, canSubmit: true })
    actor.send({ type: 'scan.submit' })
    actor.send({ type: 'scan.validate' })
    actor.send({ type: 'xstate.error.actor.collect', error: apiError('VISIT_TOO_SOON') } as never)
    expect(view()).toMatchObject({ step: 'failed', error: 'pages.scan.errors.tooSoon' })
    actor.send({ type: 'scan.retry' })
    actor.send({ type: 'scan.forget' })
    expect(view()).toMatchObject({ phone: '', isRemembered: false })
    expect(remembered).toEqual([null])
    actor.send({ type: 'scan.phone', value: '06 98 76 54 32' })
    actor.send({ type: 'scan.submit' })
    actor.send({ type: 'scan.validate' })
    actor.send({ type: 'xstate.done.actor.collect', output: COLLECTED } as never)
    expect(remembered).toEqual([null, '06 98 76 54 32'])
    expect(view()).toMatchObject({
      step: 'done',
      result: COLLECTED,
      opinion: { state: 'editing', canSend: false },
    })
    for (const [code, id] of [
      ['RECEIPT_NOT_FOUND', 'pages.scan.errors.noReceipt'],
      ['RECEIPT_ALREADY_LINKED', 'pages.scan.errors.notLinked'],
      ['NOTHING_TO_COLLECT', 'pages.scan.errors.nothingToCollect'],
      ['MAX_POINTS_REACHED', 'pages.scan.errors.maxPoints'],
      ['STATIC_VISIT_CAP_REACHED', 'pages.scan.errors.staticCap'],
      ['WHATEVER', 'pages.scan.errors.generic'],
    ]) {
      const a = createActor(machineWith([]), { input }).start()
      a.send({ type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO } as never)
      a.send({ type: 'scan.phone', value: '0612345678' })
      a.send({ type: 'scan.submit' })
      a.send({ type: 'scan.validate' })
      a.send({ type: 'xstate.error.actor.collect', error: apiError(code!) } as never)
      expect(toScanView(a.getSnapshot()).error).toBe(id)
    }
  })

  it('sends the opinion with the rating and the client, and keeps it after a failure', () => {
    const calls: Calls = []
    const actor = createActor(machineWith(calls), { input }).start()
    const view = () => toScanView(actor.getSnapshot())
    actor.send({ type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO } as never)
    actor.send({ type: 'scan.phone', value: '0612345678' })
    actor.send({ type: 'scan.submit' })
    actor.send({ type: 'scan.validate' })
    actor.send({ type: 'xstate.done.actor.collect', output: COLLECTED } as never)
    actor.send({ type: 'opinion.send' })
    expect(view().opinion.state).toBe('editing')
    actor.send({ type: 'opinion.rate', rating: 4 })
    actor.send({ type: 'opinion.comment', value: '  Très bon accueil  ' })
    actor.send({ type: 'opinion.send' })
    expect(view().opinion).toMatchObject({ state: 'sending', canSend: false })
    expect(calls.at(-1)?.input).toEqual({
      storeId: PASSAGE_INFO.store.id,
      rating: 4,
      comment: 'Très bon accueil',
      clientId: COLLECTED.clientId,
    })
    actor.send({ type: 'xstate.error.actor.sendOpinion', error: apiError('INTERNAL', 500) } as never)
    expect(view().opinion).toMatchObject({ state: 'failed', rating: 4, canSend: true })
    actor.send({ type: 'opinion.send' })
    actor.send({ type: 'xstate.done.actor.sendOpinion', output: {} } as never)
    expect(view().opinion.state).toBe('sent')
  })

  it('sends the opinion of a device that has not proven the phone without any client (issue 34)', () => {
    const calls: Calls = []
    const actor = createActor(machineWith(calls), { input }).start()
    actor.send({ type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO } as never)
    actor.send({ type: 'scan.phone', value: '0612345678' })
    actor.send({ type: 'scan.submit' })
    actor.send({ type: 'scan.validate' })
    actor.send({ type: 'xstate.done.actor.collect', output: COLLECTED_STRANGER } as never)
    actor.send({ type: 'opinion.send' })
    actor.send({ type: 'opinion.rate', rating: 5 })
    actor.send({ type: 'opinion.send' })
    expect(calls.at(-1)?.input).toEqual({
      storeId: PASSAGE_INFO.store.id,
      rating: 5,
      comment: '',
      clientId: undefined,
    })
  })

  it('reads a tag’s QR code with the camera, says when it is not one, and when the camera is refused', () => {
    const opened: { uid: string; code: string | null }[] = []
    const actor = createActor(machineWith([], { opened }), { input }).start()
    const view = () => toScanView(actor.getSnapshot())
    actor.send({ type: 'xstate.error.actor.loadTag', error: apiError('TAG_NOT_FOUND', 404) } as never)
    expect(view().step).toBe('notFound')
    actor.send({ type: 'camera.open' })
    expect(view().camera).toMatchObject({ isOpening: true })
    actor.send({ type: 'camera.video', video })
    actor.send({ type: 'camera.decoded', text: 'https://example.com/menu' })
    expect(view().camera).toMatchObject({ unreadable: true })
    actor.send({ type: 'camera.decoded', text: 'https://loyalty.example/scan/b4pln2wq7c' })
    actor.send({ type: 'camera.decoded', text: `https://loyalty.example/scan/b4pln2wq7c?c=${NEW_CODE}` })
    expect(opened).toEqual([
      { uid: 'b4pln2wq7c', code: null },
      { uid: 'b4pln2wq7c', code: NEW_CODE },
    ])
    actor.send({ type: 'camera.denied' })
    expect(view().camera).toMatchObject({ isDenied: true })
    actor.send({ type: 'camera.close' })
    expect(view().step).toBe('notFound')
  })

  it('issue 16 #5: without the store’s code a visit is not offered; scanning the store’s QR code gives it', () => {
    const calls: Calls = []
    const opened: { uid: string; code: string | null }[] = []
    // The tag's address typed at home: no code.
    const actor = createActor(machineWith(calls, { opened }), { input: { uid: SCAN_UID } }).start()
    const view = () => toScanView(actor.getSnapshot())
    actor.send({ type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO } as never)
    actor.send({ type: 'scan.phone', value: '06 12 34 56 78' })
    expect(view()).toMatchObject({ step: 'entering', needsCode: true, canSubmit: false })
    actor.send({ type: 'scan.submit' })
    expect(view().step).toBe('entering')
    // In the store, the camera reads the screen's QR code: same page, the phone kept.
    actor.send({ type: 'camera.open' })
    actor.send({ type: 'camera.video', video })
    actor.send({ type: 'camera.decoded', text: `https://app.example/scan/${SCAN_UID}?c=${NEW_CODE}` })
    expect(opened).toEqual([])
    expect(view()).toMatchObject({
      step: 'entering',
      needsCode: false,
      canSubmit: true,
      phone: '06 12 34 56 78',
    })
    actor.send({ type: 'scan.submit' })
    actor.send({ type: 'scan.validate' })
    expect(calls.at(-1)).toEqual({
      actor: 'collect',
      input: { uid: SCAN_UID, phone: '06 12 34 56 78', receiptId: null, code: NEW_CODE },
    })
    // The code expired meanwhile: refused, and the page asks for the store's QR code again.
    actor.send({ type: 'xstate.error.actor.collect', error: apiError('PRESENCE_CODE_INVALID', 403) } as never)
    expect(view()).toMatchObject({ step: 'failed', error: 'pages.scan.errors.presenceCode' })
    actor.send({ type: 'scan.retry' })
    expect(view()).toMatchObject({ step: 'entering', needsCode: true, canSubmit: false })
  })

  it('needs no code for injected points, receipts, or a franchise with static tags', () => {
    for (const info of [POS_INFO, { ...PASSAGE_INFO, needsPresenceCode: false }]) {
      const actor = createActor(machineWith([]), { input: { uid: SCAN_UID } }).start()
      actor.send({ type: 'xstate.done.actor.loadTag', output: info } as never)
      actor.send({ type: 'scan.phone', value: '06 12 34 56 78' })
      actor.send({ type: 'scan.receipt', value: 'R-1001' })
      expect(toScanView(actor.getSnapshot())).toMatchObject({ needsCode: false, canSubmit: true })
    }
  })
})
