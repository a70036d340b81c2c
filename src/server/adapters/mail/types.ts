// The shapes every mail transport shares (a module of its own: the transports and index import it).

export type MailMessage = {
  to: string
  subject: string
  text: string
  franchiseId?: string | null
  dedupeKey?: string
  /** Someone whose data is erased: the outbox forgets the address once the message is settled. */
  forgetRecipient?: boolean
}

/** A queued message as a transport sends it: `id` (the outbox row's) is the same on every attempt. */
export type MailEnvelope = Omit<MailMessage, 'dedupeKey'> & { id: string }

/** A refusal: `permanent` (a rejected address, a refused message) is not tried again. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message)
  }
}

/** Talks to the mail server or API; rejects with a MailError. */
export type MailTransport = {
  kind: 'smtp' | 'http'
  deliver(m: MailEnvelope): Promise<{ providerMessageId: string }>
  close?(): void
}
