// The scan machine step by step: countdown, phone checks, refusals, opinions, camera, the store's code
// (its paths: scan.test.ts).
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import { scanMachine, toScanView } from '../../machines/scan'
import { SCAN_COUNTDOWN_SECONDS } from '../../src/domain/scan'
import { type Calls, recordingActors } from '../support/model'
import {
  COLLECTED,
  COLLECTED_STRANGER,
  PASSAGE_INFO,
  POS_INFO,
  SCAN_CODE,
  SCAN_UID,
} from '../support/scan-fixtures'
import { apiError, CALLS, input, machineWith, NEW_CODE, video } from '../support/scan-machine-world'

describe('scan machine, step by step', () => {
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
    const actor = createActor(machineWith(calls, { opened }), {
      input: { uid: SCAN_UID, language: 'en' },
    }).start()
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
      const actor = createActor(machineWith([]), { input: { uid: SCAN_UID, language: 'en' } }).start()
      actor.send({ type: 'xstate.done.actor.loadTag', output: info } as never)
      actor.send({ type: 'scan.phone', value: '06 12 34 56 78' })
      actor.send({ type: 'scan.receipt', value: 'R-1001' })
      expect(toScanView(actor.getSnapshot())).toMatchObject({ needsCode: false, canSubmit: true })
    }
  })
})
