import type { SnapshotFrom } from 'xstate'
import { type testSendMachine, validAddress } from './test-send.machine'

/** What the administration's test-send dialog renders. */
export function toTestSendView(s: SnapshotFrom<typeof testSendMachine>) {
  const { channel, to, result, error } = s.context
  return {
    isOpen: !s.matches('closed'),
    channel,
    to,
    isEditing: s.matches('editing'),
    /** The address typed is not of the channel's kind (shown once something is typed). */
    toInvalid: to.trim() !== '' && !validAddress(channel, to),
    canSubmit: s.can({ type: 'testSend.submit' }),
    isSending: s.matches('sending'),
    /** The provider's answer: accepted with its id, or refused with its error. */
    result: s.matches('answered') ? result : null,
    error: s.matches('failed') ? error : null,
    canRetry: s.can({ type: 'testSend.retry' }),
  }
}
export type TestSendView = ReturnType<typeof toTestSendView>
