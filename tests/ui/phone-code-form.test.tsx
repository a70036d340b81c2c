// The public pages' phone-code form (issues 21 and 22), driven as a customer would: type a number,
// ask for a code, type a wrong one, see the tries left; in French too.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { phoneCodeMachine } from '../../machines/phone-code'
import { ApiError } from '../../src/api/client'
import { PhoneCodeForm } from '../../src/ui/PhoneCodeForm'
import { renderUi } from './render'

function actorWith(confirm: (code: string) => Promise<{ proof: string; expiresAt: string }>) {
  return createActor(
    phoneCodeMachine.provide({
      actors: {
        sendCode: fromPromise(async () => ({ expiresAt: 'x', resendInSeconds: 60 })),
        confirmCode: fromPromise(async ({ input }) => confirm(input.code)),
      },
    }),
    { input: { country: 'FR', via: { kind: 'game', id: 'g1', language: 'en' } } },
  ).start()
}

describe('phone code form', () => {
  it('asks for a valid number, then the code, and says how many tries are left', async () => {
    const actor = actorWith(async () => {
      throw new ApiError(400, 'PHONE_CODE_INVALID', 'x', { attemptsLeft: 3 })
    })
    const { user } = renderUi(<PhoneCodeForm actor={actor} />)
    await user.type(screen.getByLabelText(/mobile phone number/i), '0612')
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    expect(await screen.findByText('This phone number is not valid.')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/mobile phone number/i), '345678')
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    const code = await screen.findByLabelText(/code received by sms/i)
    expect(screen.getByText('Enter the code we sent to 0612345678.')).toBeInTheDocument()
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('This is not the code we sent. 3 tries left.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeInTheDocument()
  })

  it('finishes with the proof, in French', async () => {
    const actor = actorWith(async (code) => ({ proof: `p-${code}`, expiresAt: 'x' }))
    const { user } = renderUi(<PhoneCodeForm actor={actor} />, { locale: 'fr' })
    await user.type(screen.getByLabelText(/numéro de mobile/i), '06 12 34 56 78')
    await user.click(screen.getByRole('button', { name: 'Recevoir un code' }))
    await user.type(await screen.findByLabelText(/code reçu par sms/i), '424242')
    await user.click(screen.getByRole('button', { name: 'Confirmer' }))
    await waitFor(() =>
      expect(actor.getSnapshot().output).toEqual({ phone: '+33612345678', proof: 'p-424242' }),
    )
  })
})
