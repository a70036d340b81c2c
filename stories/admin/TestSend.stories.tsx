import type { Meta, StoryObj } from '@storybook/react-vite'
import { fromPromise } from 'xstate'
import { type TestSendContext, testSendMachine } from '../../machines/test-send/test-send.machine'
import { toTestSendView } from '../../machines/test-send/test-send.view'
import type { TestSendRequest, TestSendResult } from '../../src/domain/test-send'
import { TestSendButtons, TestSendDialog } from '../../src/features/admin/TestSendDialog'

/** The dialog as the machine draws it in one of its states. */
function at(value: 'editing' | 'sending' | 'answered' | 'failed', over: Partial<TestSendContext> = {}) {
  const context: TestSendContext = { channel: 'sms', to: '+33612345678', result: null, error: null, ...over }
  return toTestSendView(testSendMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Admin/Test SMS and e-mail',
  component: TestSendDialog,
  args: { view: at('editing'), send: () => {} },
} satisfies Meta<typeof TestSendDialog>

export default meta
type Story = StoryObj<typeof meta>

/** A valid number typed: Send is on. */
export const Editing: Story = {}

/** Not a number with its country code: said under the field, Send off. */
export const InvalidNumber: Story = { args: { view: at('editing', { to: '06 12' }) } }

/** The provider is being asked: the dialog cannot be closed. */
export const Sending: Story = { args: { view: at('sending') } }

/** The provider accepted the message: its id, to look up in its console. */
export const Accepted: Story = {
  args: {
    view: at('answered', {
      result: { channel: 'sms', provider: 'twilio', accepted: true, id: 'SM0123456789abcdef', error: null },
    }),
  },
}

/** The provider refused it: its own error, word for word. */
export const Refused: Story = {
  args: {
    view: at('answered', {
      channel: 'email',
      to: 'staff@example.test',
      result: {
        channel: 'email',
        provider: 'smtp',
        accepted: false,
        id: null,
        error: '535 Authentication failed',
      },
    }),
  },
}

/** Our own failure (here the limit of 10 per 10 minutes), with a retry. */
export const TooMany: Story = { args: { view: at('failed', { error: 'admin.testSend.errors.tooMany' }) } }

/** The buttons and the real machine, on a provider that accepts after 600 ms. */
export const Interactive: Story = {
  render: () => (
    <TestSendButtons
      machine={testSendMachine.provide({
        actors: {
          sendTest: fromPromise<TestSendResult, TestSendRequest>(async ({ input }) => {
            await new Promise((r) => setTimeout(r, 600))
            return { channel: input.channel, provider: 'local', accepted: true, id: 'outbox-1', error: null }
          }),
        },
      })}
    />
  ),
}
