// Staff's test SMS / test e-mail dialog (issue 35 §6): every path of the machine (xstate/graph) shows
// what its state must show; a send only with an address of the channel's kind, one call per submit or
// retry with what was typed; the provider's answer (accepted id, or its refusal) shown as it came.
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { testSendError, testSendMachine, toTestSendView, validAddress } from '../../machines/test-send'
import { ApiError } from '../../src/api/client'
import type { TestSendResult } from '../../src/domain/test-send'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const ACCEPTED: TestSendResult = {
  channel: 'sms',
  provider: 'twilio',
  accepted: true,
  id: 'SM123',
  error: null,
}
const REFUSED: TestSendResult = {
  channel: 'sms',
  provider: 'twilio',
  accepted: false,
  id: null,
  error: "Twilio 21211: The 'To' number is not a valid phone number.",
}

const events = [
  { type: 'testSend.open', channel: 'sms' },
  { type: 'testSend.open', channel: 'email' },
  { type: 'testSend.to', value: '+33612345678' },
  { type: 'testSend.to', value: 'staff@example.test' },
  { type: 'testSend.to', value: '06 12' },
  { type: 'testSend.submit' },
  { type: 'testSend.retry' },
  { type: 'testSend.again' },
  { type: 'testSend.close' },
  { type: 'xstate.done.actor.sendTest', output: ACCEPTED },
  { type: 'xstate.done.actor.sendTest', output: REFUSED },
  { type: 'xstate.error.actor.sendTest', error: new ApiError(429, 'TOO_MANY_REQUESTS', 'later') },
  { type: 'xstate.error.actor.sendTest', error: new ApiError(500, 'INTERNAL_ERROR', 'boom') },
]

function run(steps: Parameters<typeof replay>[1]) {
  const calls: Calls = []
  const machine = testSendMachine.provide({ actors: recordingActors(['sendTest'], calls) as never })
  const snapshot = replay(machine, steps, undefined as never)
  return { snapshot, view: toTestSendView(snapshot), calls }
}

describe('test send rules', () => {
  it('takes an E.164 number for an SMS and an e-mail address for an e-mail', () => {
    expect(validAddress('sms', '+33612345678')).toBe(true)
    expect(validAddress('sms', '0612345678')).toBe(false)
    expect(validAddress('email', 'staff@example.test')).toBe(true)
    expect(validAddress('email', '+33612345678')).toBe(false)
  })
  it('names our failures apart from the provider’s answers', () => {
    expect(testSendError(new ApiError(429, 'TOO_MANY_REQUESTS', ''))).toBe('admin.testSend.errors.tooMany')
    expect(testSendError(new ApiError(400, 'INVALID_PHONE', ''))).toBe('admin.testSend.errors.invalid')
    expect(testSendError(new Error('network'))).toBe('admin.testSend.errors.failed')
  })
})

describe('test send machine', () => {
  const paths = generatePaths(testSendMachine, events, undefined as never)

  it('reaches every state', () => {
    expectEveryStateReached(testSendMachine, paths)
  })

  it('shows on each path what its state must show, and sends only a valid address', () => {
    expect(paths.length).toBeGreaterThanOrEqual(5)
    checkEachPath(paths, (path, events) => {
      const { view, calls } = run(path.steps)
      const sends = events.filter((e) => ['testSend.submit', 'testSend.retry'].includes(e.type))
      expect(calls.length).toBeLessThanOrEqual(sends.length)
      for (const c of calls) {
        const sent = c.input as { channel: 'sms' | 'email'; to: string }
        expect(validAddress(sent.channel, sent.to)).toBe(true)
      }
      // The channel opened and the address typed since, folded from the path.
      let channel: 'sms' | 'email' = 'sms'
      let to = ''
      for (const e of events) {
        if (e.type === 'testSend.open') {
          channel = e.channel
          to = ''
        }
        if (e.type === 'testSend.to') to = e.value
      }
      const editing = { isOpen: true, isEditing: true, isSending: false, result: null, error: null }
      const last = events.at(-1)
      switch (last?.type) {
        case undefined:
        case 'testSend.close':
          expect(view).toMatchObject({ isOpen: false, result: null, error: null })
          break
        case 'testSend.open':
        case 'testSend.to':
        case 'testSend.again':
          expect(view).toMatchObject({ ...editing, channel })
          expect(view.canSubmit).toBe(validAddress(channel, to))
          break
        case 'testSend.submit':
        case 'testSend.retry':
          // Only an address of the channel's kind is sent, as typed.
          expect(validAddress(channel, to)).toBe(true)
          expect(view).toMatchObject({
            isOpen: true,
            isSending: true,
            canSubmit: false,
            result: null,
            error: null,
          })
          expect(calls.at(-1)!.input).toEqual({ channel, to: to.trim() })
          break
        case 'xstate.done.actor.sendTest':
          expect(view).toMatchObject({ isOpen: true, isSending: false, error: null, canRetry: false })
          expect(view.result).toEqual(last.output)
          break
        case 'xstate.error.actor.sendTest':
          expect(view).toMatchObject({ isOpen: true, result: null, canRetry: true })
          expect(view.error).toBe(
            last.error.status === 429 ? 'admin.testSend.errors.tooMany' : 'admin.testSend.errors.failed',
          )
          break
        default:
          throw new Error(`no expectation for ${last?.type}`)
      }
    })
  })

  it('does not send an invalid address, and opens clean for the other channel', () => {
    const { snapshot, calls, view } = run([
      { event: { type: 'testSend.open', channel: 'sms' } },
      { event: { type: 'testSend.to', value: '06 12' } },
      { event: { type: 'testSend.submit' } },
    ])
    expect(snapshot.value).toBe('editing')
    expect(view.toInvalid).toBe(true)
    expect(calls).toEqual([])
    const reopened = run([
      { event: { type: 'testSend.open', channel: 'sms' } },
      { event: { type: 'testSend.to', value: '+33612345678' } },
      { event: { type: 'testSend.close' } },
      { event: { type: 'testSend.open', channel: 'email' } },
    ])
    expect(reopened.view).toMatchObject({ channel: 'email', to: '', toInvalid: false })
  })

  it('sends through the real actor wiring and shows the answer', async () => {
    const inputs: unknown[] = []
    const actor = createActor(
      testSendMachine.provide({
        actors: {
          sendTest: fromPromise(async ({ input }) => {
            inputs.push(input)
            return REFUSED
          }),
        },
      }),
    ).start()
    actor.send({ type: 'testSend.open', channel: 'sms' })
    actor.send({ type: 'testSend.to', value: ' +33612345678 ' })
    actor.send({ type: 'testSend.submit' })
    const s = await waitFor(actor, (x) => x.matches('answered'))
    expect(inputs).toEqual([{ channel: 'sms', to: '+33612345678' }])
    expect(toTestSendView(s).result).toEqual(REFUSED)
  })
})
