import type { Meta, StoryObj } from '@storybook/react-vite'
import { createActor, fromPromise } from 'xstate'
import { type PhoneCodeContext, phoneCodeMachine } from '../machines/phone-code/phone-code.machine'
import { PhoneCodeForm } from '../src/ui/PhoneCodeForm'

// Sending answers at once and any code ending in 0 is "wrong", so the story can be played through.
const playable = phoneCodeMachine.provide({
  actors: {
    sendCode: fromPromise(async () => ({ expiresAt: new Date().toISOString(), resendInSeconds: 60 })),
    confirmCode: fromPromise(async ({ input }) => {
      if (input.code.endsWith('0'))
        throw Object.assign(new Error('wrong'), {
          status: 400,
          code: 'PHONE_CODE_INVALID',
          details: { attemptsLeft: 2 },
        })
      return { proof: 'proof', expiresAt: new Date().toISOString() }
    }),
  },
})

const via = { kind: 'landing' as const, id: 'maison-dupont', language: 'en' as const }
const base: PhoneCodeContext = {
  country: 'FR',
  via,
  phone: '06 12 34 56 78',
  code: '',
  error: null,
  attemptsLeft: null,
  retryAfter: null,
  proof: null,
}
function actorAt(value: string | Record<string, string>, context: Partial<PhoneCodeContext> = {}) {
  return createActor(playable, {
    input: { country: 'FR', via },
    snapshot: playable.resolveState({ value, context: { ...base, ...context } }),
  }).start()
}

/** The public pages' phone confirmation (landing page registration, gift wheel): one step per state. */
const meta = {
  title: 'UI/PhoneCodeForm',
  component: PhoneCodeForm,
  args: { actor: actorAt('enteringPhone', { phone: '' }) },
} satisfies Meta<typeof PhoneCodeForm>

export default meta
type Story = StoryObj<typeof meta>

export const EnteringPhone: Story = {}
export const InvalidPhone: Story = {
  args: { actor: actorAt('enteringPhone', { phone: '0612', error: 'phoneCode.error.invalidPhone' }) },
}
export const EnteringCode: Story = { args: { actor: actorAt({ enteringCode: 'waiting' }) } }
export const WrongCode: Story = {
  args: {
    actor: actorAt({ enteringCode: 'canResend' }, { error: 'phoneCode.error.wrongCode', attemptsLeft: 2 }),
  },
}
export const Locked: Story = {
  args: { actor: actorAt('locked', { error: 'phoneCode.error.tooMany', retryAfter: 900 }) },
}
