// Staff's test SMS / test e-mail (issue 35 §6) as rendered, in English and French: the buttons, the
// dialog's field and its check, the provider's answer (accepted with its id, refused with its error as
// the provider said it), our own failure with a retry. The actor answers as POST /api/v2/admin/test-send.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { testSendMachine } from '../../machines/test-send/test-send.machine'
import { ApiError } from '../../src/api/client'
import type { TestSendRequest, TestSendResult } from '../../src/domain/test-send'
import { TestSendButtons } from '../../src/features/admin/TestSendDialog'
import { renderUi } from './render'

function provider(answers: (TestSendResult | ApiError)[]) {
  const sent: TestSendRequest[] = []
  const machine = testSendMachine.provide({
    actors: {
      sendTest: fromPromise<TestSendResult, TestSendRequest>(async ({ input }) => {
        sent.push(input)
        const next = answers.shift()!
        if (next instanceof ApiError) throw next
        return next
      }),
    },
  })
  return { sent, machine }
}

const T = {
  en: {
    sms: 'Send me a test SMS',
    email: 'Send me a test e-mail',
    smsTitle: 'Test SMS',
    emailTitle: 'Test e-mail',
    phone: 'Your mobile number (+33…)',
    address: 'Your e-mail address',
    invalidPhone: 'Enter the number with its country code, e.g. +33612345678',
    send: 'Send',
    again: 'Send another',
    retry: 'Try again',
    accepted: 'Accepted by twilio, message id SM42',
    refused: 'Refused by smtp: 550 No such user here',
    tooMany: 'Too many test messages. Try again in a few minutes.',
  },
  fr: {
    sms: 'M’envoyer un SMS de test',
    email: 'M’envoyer un e-mail de test',
    smsTitle: 'SMS de test',
    emailTitle: 'E-mail de test',
    phone: 'Votre numéro de mobile (+33…)',
    address: 'Votre adresse e-mail',
    invalidPhone: 'Saisissez le numéro avec son indicatif, par ex. +33612345678',
    send: 'Envoyer',
    again: 'En envoyer un autre',
    retry: 'Réessayer',
    accepted: 'Accepté par twilio, identifiant du message SM42',
    refused: 'Refusé par smtp : 550 No such user here',
    tooMany: 'Trop de messages de test. Réessayez dans quelques minutes.',
  },
} as const

describe.each(['en', 'fr'] as const)('test messages in %s', (locale) => {
  const t = T[locale]

  it("sends a test SMS once the number is valid and shows the provider's id", async () => {
    const { sent, machine } = provider([
      { channel: 'sms', provider: 'twilio', accepted: true, id: 'SM42', error: null },
    ])
    const { user } = renderUi(<TestSendButtons machine={machine} />, { locale })
    await user.click(screen.getByRole('button', { name: t.sms }))
    const dialog = await screen.findByRole('dialog', { name: t.smsTitle })
    const field = within(dialog).getByRole('textbox', { name: new RegExp(t.phone.replace(/[+(.)…]/g, '.')) })
    await user.type(field, '0612')
    expect(within(dialog).getByText(t.invalidPhone)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: t.send })).toBeDisabled()
    await user.clear(field)
    await user.type(field, '+33612345678')
    await user.click(within(dialog).getByRole('button', { name: t.send }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent(t.accepted)
    expect(sent).toEqual([{ channel: 'sms', to: '+33612345678' }])
    expect(within(dialog).getByRole('button', { name: t.again })).toBeEnabled()
  })

  it("shows the provider's refusal as it said it, and our failure with a retry", async () => {
    const { sent, machine } = provider([
      new ApiError(429, 'TOO_MANY_REQUESTS', 'later'),
      { channel: 'email', provider: 'smtp', accepted: false, id: null, error: '550 No such user here' },
    ])
    const { user } = renderUi(<TestSendButtons machine={machine} />, { locale })
    await user.click(screen.getByRole('button', { name: t.email }))
    const dialog = await screen.findByRole('dialog', { name: t.emailTitle })
    await user.type(
      within(dialog).getByRole('textbox', { name: new RegExp(t.address) }),
      'staff@example.test',
    )
    await user.click(within(dialog).getByRole('button', { name: t.send }))
    expect(await within(dialog).findByText(t.tooMany)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: t.retry }))
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(t.refused))
    expect(sent).toEqual([
      { channel: 'email', to: 'staff@example.test' },
      { channel: 'email', to: 'staff@example.test' },
    ])
  })
})
