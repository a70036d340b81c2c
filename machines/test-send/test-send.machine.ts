// Staff's "send me a test SMS / test e-mail" (issue 35 §6) in the administration: a dialog where the
// staff member picks the channel and enters their number or address, the send through the server's
// configured provider, and what the provider said (its message id, or its own error) shown as it came.
// A call that fails (bad input, the rate limit, the network) is an error of ours, with a retry.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import { EMAIL_PATTERN } from '../../src/domain/auth'
import { E164, type TestSendChannel, type TestSendResult } from '../../src/domain/test-send'
import { sendTest } from './test-send.actors'

export type TestSendContext = {
  channel: TestSendChannel
  to: string
  /** The provider's answer to the last send. */
  result: TestSendResult | null
  /** Message id of the last failed call. */
  error: string | null
}

export type TestSendEvent =
  | { type: 'testSend.open'; channel: TestSendChannel }
  | { type: 'testSend.close' }
  | { type: 'testSend.channel'; channel: TestSendChannel }
  | { type: 'testSend.to'; value: string }
  | { type: 'testSend.submit' }
  | { type: 'testSend.retry' }
  | { type: 'testSend.again' }

/** The address is of the channel's kind (the server checks again). */
export const validAddress = (channel: TestSendChannel, to: string) =>
  channel === 'sms' ? E164.test(to.trim()) : EMAIL_PATTERN.test(to.trim())

/** The message a failed call shows. */
export function testSendError(error: unknown): string {
  const e = error as Partial<ApiError> | undefined
  if (e?.status === 429) return 'admin.testSend.errors.tooMany'
  if (e?.status === 400) return 'admin.testSend.errors.invalid'
  return 'admin.testSend.errors.failed'
}

export const testSendMachine = setup({
  types: { context: {} as TestSendContext, events: {} as TestSendEvent },
  // The real call (src/api); tests and stories provide a fake.
  actors: { sendTest },
  guards: {
    validAddress: ({ context }) => validAddress(context.channel, context.to),
  },
  actions: {
    open: assign(({ event }) => ({
      channel: (event as { channel: TestSendChannel }).channel,
      to: '',
      result: null,
      error: null,
    })),
    setChannel: assign({ channel: ({ event }) => (event as { channel: TestSendChannel }).channel, to: '' }),
    setTo: assign({ to: ({ event }) => (event as { value: string }).value }),
    setResult: assign({ result: ({ event }) => (event as unknown as { output: TestSendResult }).output }),
    setError: assign({ error: ({ event }) => testSendError((event as { error?: unknown }).error) }),
    clear: assign({ result: null, error: null }),
  },
}).createMachine({
  id: 'testSend',
  context: { channel: 'sms', to: '', result: null, error: null },
  initial: 'closed',
  states: {
    closed: { on: { 'testSend.open': { target: 'editing', actions: 'open' } } },
    editing: {
      on: {
        'testSend.channel': { actions: 'setChannel' },
        'testSend.to': { actions: 'setTo' },
        'testSend.submit': { guard: 'validAddress', target: 'sending', actions: 'clear' },
        'testSend.close': 'closed',
      },
    },
    sending: {
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        input: ({ context }) => ({ channel: context.channel, to: context.to.trim() }),
        onDone: { target: 'answered', actions: 'setResult' },
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    answered: {
      on: { 'testSend.again': { target: 'editing', actions: 'clear' }, 'testSend.close': 'closed' },
    },
    failed: {
      on: {
        'testSend.retry': { target: 'sending', actions: 'clear' },
        'testSend.again': { target: 'editing', actions: 'clear' },
        'testSend.close': 'closed',
      },
    },
  },
})
