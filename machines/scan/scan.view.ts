import type { SnapshotFrom } from 'xstate'
import { isManualAmountCard } from '../../src/domain/earning'
import type { PhoneCodeActor } from '../../src/ui/PhoneCodeForm'
import { countryOf, isPhoneValid, type scanMachine } from './scan.machine'

/** Digits typed before a wrong number is called wrong while typing (a submit shows it at once). */
const LIVE_CHECK_DIGITS = 8

/** What the scan page renders. */
export function toScanView(s: SnapshotFrom<typeof scanMachine>) {
  const c = s.context
  const info = c.info
  const digits = c.phone.replace(/\D/g, '').length
  const phoneValid = isPhoneValid(c)
  const showPhoneError = c.phone.trim() !== '' && !phoneValid && (c.submitted || digits >= LIVE_CHECK_DIGITS)
  const receiptMissing = Boolean(info?.needsReceipt) && c.receiptId.trim() === ''
  // A visit without the store's code (issue 16 #5): the page asks to scan the QR code in the store.
  const needsCode = Boolean(info?.card && info.needsPresenceCode) && c.code === null
  const step = s.matches('loading')
    ? 'loading'
    : s.matches('notFound')
      ? 'notFound'
      : s.matches('loadFailed')
        ? 'loadFailed'
        : s.matches('entering')
          ? 'entering'
          : s.matches('confirming')
            ? 'confirming'
            : s.matches('collecting')
              ? 'collecting'
              : s.matches('failed')
                ? 'failed'
                : s.matches('done')
                  ? 'done'
                  : 'camera'
  const opinion = s.matches({ done: { opinion: 'sending' } })
    ? 'sending'
    : s.matches({ done: { opinion: 'sent' } })
      ? 'sent'
      : s.matches({ done: { opinion: 'opinionFailed' } })
        ? 'failed'
        : 'editing'
  const card = s.matches({ done: { card: 'shown' } })
    ? ('shown' as const)
    : s.matches({ done: { card: 'proving' } })
      ? ('proving' as const)
      : s.matches({ done: { card: 'loadingCard' } })
        ? ('loading' as const)
        : s.matches({ done: { card: 'cardFailed' } })
          ? ('failed' as const)
          : ('hidden' as const)
  return {
    step,
    info,
    country: countryOf(info),
    theme: info?.franchise.theme ?? null,
    hasCard: info?.card != null,
    isManualAmount: info?.card ? isManualAmountCard(info.card.loyaltyType) : false,
    phone: c.phone,
    isRemembered: c.isRemembered,
    phoneError: showPhoneError ? 'pages.scan.errors.invalidPhone' : null,
    receiptId: c.receiptId,
    needsReceipt: Boolean(info?.needsReceipt),
    receiptError: c.submitted && receiptMissing ? 'pages.scan.errors.receiptRequired' : null,
    needsCode,
    canSubmit:
      s.can({ type: 'scan.submit' }) && phoneValid && !receiptMissing && !needsCode && info?.card != null,
    expired: c.expired,
    remaining: c.remaining,
    isCollecting: step === 'collecting',
    result: c.result,
    /** The store's live news: once collected, the answer's (customers-only ones included). */
    news: c.result?.news ?? info?.news ?? [],
    error: step === 'failed' || step === 'loadFailed' ? c.error : null,
    opinion: {
      state: opinion,
      rating: c.rating,
      comment: c.comment,
      canSend: (opinion === 'editing' || opinion === 'failed') && c.rating !== null,
    },
    /** Issue 24 #4: the client's card shows once this device proved the phone. */
    card: {
      state: card,
      /** The phone-code child while the number is being confirmed. */
      phoneCode: card === 'proving' ? ((s.children.phoneCode as PhoneCodeActor | undefined) ?? null) : null,
    },
    camera:
      step === 'camera'
        ? {
            isOpening: s.matches({ camera: 'opening' }),
            isDenied: s.matches({ camera: 'denied' }),
            unreadable: c.unreadable,
          }
        : null,
  }
}
export type ScanView = ReturnType<typeof toScanView>
