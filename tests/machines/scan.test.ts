import { describe, expect, it } from 'vitest'
import { scanMachine, toScanView } from '../../machines/scan'
import type { ApiError } from '../../src/api/client'
import { SCAN_COUNTDOWN_SECONDS } from '../../src/domain/scan'
import { type Calls, checkEachPath, expectEveryStateReached, generatePaths, replay } from '../support/model'
import {
  COLLECTED,
  COLLECTED_STRANGER,
  PASSAGE_INFO,
  POS_INFO,
  SCAN_CODE,
  SCAN_UID,
} from '../support/scan-fixtures'
import { cardEvents, events, input, machineWith, NEW_CODE } from '../support/scan-machine-world'

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
      // The phone is proven through this tag's routes, the code's SMS in the page's language.
      for (const c of calls.filter((x) => x.actor === 'phoneCode'))
        expect(c.input).toEqual({
          country: 'FR',
          phone: '06 12 34 56 78',
          via: { kind: 'scan', id: SCAN_UID, language: 'en' },
        })
      if (view.card.state === 'proving') expect(calls.at(-1)?.actor).toBe('phoneCode')
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
})
