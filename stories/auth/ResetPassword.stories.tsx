import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  type ResetPasswordContext,
  resetPasswordMachine,
} from '../../machines/reset-password/reset-password.machine'
import { toResetPasswordView } from '../../machines/reset-password/reset-password.view'
import { ApiError } from '../../src/api/client'
import { type NewPasswordValues, validateNewPassword } from '../../src/domain/auth-forms'
import { ResetPasswordPage } from '../../src/features/auth/ResetPasswordPage'
import { wait } from '../support/fake'

const TOKEN = 'Zq1x8r7LmN2b4V6c9D0f3G5hK2'
const filled: NewPasswordValues = { password: 'pain-au-chocolat', confirmation: 'pain-au-chocolat' }
const touched = { password: true, confirmation: true }

function at(value: 'editing' | 'saving' | 'done' | 'invalidLink', over: Partial<ResetPasswordContext> = {}) {
  const values = over.values ?? { password: '', confirmation: '' }
  const context: ResetPasswordContext = {
    token: TOKEN,
    values,
    touched: {},
    errors: validateNewPassword(values),
    serverErrors: {},
    error: null,
    ...over,
  }
  return toResetPasswordView(resetPasswordMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Auth/Reset password',
  component: ResetPasswordPage,
  parameters: { layout: 'fullscreen' },
  args: { view: at('editing'), send: () => {} },
} satisfies Meta<typeof ResetPasswordPage>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

/** Too short, and typed differently the second time. */
export const FieldErrors: Story = {
  args: { view: at('editing', { values: { password: 'court', confirmation: 'cour' }, touched }) },
}

export const Saving: Story = { args: { view: at('saving', { values: filled, touched }) } }

/** The save failed for another reason than the link: the form stays, to send again. */
export const SaveFailed: Story = {
  args: {
    view: at('editing', { values: filled, touched, error: 'auth.resetPassword.errors.saveFailed' }),
  },
}

export const Done: Story = { args: { view: at('done', { values: filled, touched }) } }

/** RESET_LINK_INVALID (used, expired or mangled link): ask for a new one. */
export const InvalidLink: Story = { args: { view: at('invalidLink') } }

/** The real machine with a fake server: "pain-au-chocolat" is refused as an expired link, others work. */
export const Interactive: Story = {
  render: function Render() {
    const actor = useActorRef(
      resetPasswordMachine.provide({
        actors: {
          resetPassword: fromPromise<void, { token: string; password: string }>(async ({ input }) => {
            await wait()
            if (input.password === 'pain-au-chocolat')
              throw new ApiError(400, 'RESET_LINK_INVALID', 'expired', { field: 'token' })
          }),
        },
      }),
      { input: { token: TOKEN } },
    )
    const view = useSelector(actor, toResetPasswordView)
    return <ResetPasswordPage view={view} send={actor.send} />
  },
}
