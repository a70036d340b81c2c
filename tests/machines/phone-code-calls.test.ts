// The phone-code machine's own calls (issue 36 §2): the page it was started from (`via`) picks the
// routes; the number goes out in E.164 with the page's language, the typed code to the confirmation;
// a wrong code's answer reaches the form as the server gave it. Run at the fetch boundary.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { type PhoneCodeVia, phoneCodeMachine, toPhoneCodeView } from '../../machines/phone-code'
import { type Call, fakeFetch } from '../support/fetch-fake'

afterEach(() => vi.unstubAllGlobals())

const PAGES: { via: PhoneCodeVia; base: string; confirmed: unknown; proof: string }[] = [
  {
    via: { kind: 'scan', id: 'tag 1', language: 'fr' },
    base: '/api/public/scan/tag%201',
    // The scan page's proof is the device's cookie, which the answer does not carry.
    confirmed: { confirmed: true, expiresAt: '2099-01-01T00:00:00Z' },
    proof: 'cookie',
  },
  {
    via: { kind: 'landing', id: 'maison-dupont', language: 'en' },
    base: '/api/v2/public/emarketings/maison-dupont',
    confirmed: { proof: 'proof-landing', expiresAt: '2099-01-01T00:00:00Z' },
    proof: 'proof-landing',
  },
  {
    via: { kind: 'game', id: '11111111-1111-4111-8111-111111111111', language: 'fr' },
    base: '/api/v2/public/games/11111111-1111-4111-8111-111111111111',
    confirmed: { proof: 'proof-game', expiresAt: '2099-01-01T00:00:00Z' },
    proof: 'proof-game',
  },
]

describe.each(PAGES)('phone code via the $via.kind page', ({ via, base, confirmed, proof }) => {
  it('sends and confirms through this page’s routes, and ends with its proof', async () => {
    const calls = fakeFetch((c: Call) => {
      if (c.path === `${base}/phone-code`)
        return [200, { expiresAt: '2099-01-01T00:00:00Z', resendInSeconds: 60 }]
      if (c.path === `${base}/phone-code/confirm`)
        return c.body?.code === '123456'
          ? [200, confirmed]
          : [400, { code: 'PHONE_CODE_INVALID', message: 'wrong', details: { attemptsLeft: 4 } }]
      return undefined
    })
    const actor = createActor(phoneCodeMachine, { input: { country: 'FR', via } }).start()
    actor.send({ type: 'phoneCode.phone', value: '06 12 34 56 78' })
    actor.send({ type: 'phoneCode.send' })
    await waitFor(actor, (s) => !s.matches('sendingCode'))
    expect(toPhoneCodeView(actor.getSnapshot())).toMatchObject({ step: 'code', error: null })
    actor.send({ type: 'phoneCode.code', value: '654321' })
    actor.send({ type: 'phoneCode.confirm' })
    await waitFor(actor, (s) => !s.matches('confirmingCode'))
    expect(toPhoneCodeView(actor.getSnapshot())).toMatchObject({
      step: 'code',
      error: 'phoneCode.error.wrongCode',
      attemptsLeft: 4,
    })
    actor.send({ type: 'phoneCode.code', value: '123456' })
    actor.send({ type: 'phoneCode.confirm' })
    await waitFor(actor, (s) => !s.matches('confirmingCode'))

    expect(calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: `${base}/phone-code`, body: { phone: '+33612345678', language: via.language } },
      { method: 'POST', path: `${base}/phone-code/confirm`, body: { phone: '+33612345678', code: '654321' } },
      { method: 'POST', path: `${base}/phone-code/confirm`, body: { phone: '+33612345678', code: '123456' } },
    ])
    expect(actor.getSnapshot().output).toEqual({ phone: '+33612345678', proof })
  })
})
