import type { SnapshotFrom } from 'xstate'
import type { phoneCodeMachine } from './phone-code.machine'

/** What the phone-code form renders. */
export function toPhoneCodeView(s: SnapshotFrom<typeof phoneCodeMachine>) {
  const c = s.context
  return {
    step: s.matches('enteringPhone') || s.matches('sendingCode') ? ('phone' as const) : ('code' as const),
    phone: c.phone,
    code: c.code,
    error: c.error,
    attemptsLeft: c.error === 'phoneCode.error.wrongCode' ? c.attemptsLeft : null,
    retryAfter: c.retryAfter,
    isSending: s.matches('sendingCode'),
    isConfirming: s.matches('confirmingCode'),
    isLocked: s.matches('locked'),
    isDone: s.matches('done'),
    canSend: s.can({ type: 'phoneCode.send' }),
    canConfirm: s.can({ type: 'phoneCode.confirm' }),
    canResend: s.can({ type: 'phoneCode.resend' }),
  }
}
export type PhoneCodeView = ReturnType<typeof toPhoneCodeView>
