import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  type RegisterContext,
  registerMachine,
  type SignUpInput,
} from '../../machines/register/register.machine'
import { toRegisterView } from '../../machines/register/register.view'
import { ApiError } from '../../src/api/client'
import { type RegisterValues, validateRegistration } from '../../src/domain/auth-forms'
import { RegisterPage } from '../../src/features/auth/RegisterPage'
import { wait } from '../support/fake'

const empty: RegisterValues = { displayName: '', email: '', password: '', confirmation: '' }
const filled: RegisterValues = {
  displayName: 'Marie Dupont',
  email: 'marie@boulangerie-dupont.fr',
  password: 'croissant-au-beurre',
  confirmation: 'croissant-au-beurre',
}
const allTouched = { displayName: true, email: true, password: true, confirmation: true }

/** The page as the machine would show it in `value` with this context. */
function at(value: 'editing' | 'submitting' | 'done', over: Partial<RegisterContext> = {}) {
  const values = over.values ?? empty
  const context: RegisterContext = {
    values,
    touched: {},
    errors: validateRegistration(values),
    serverErrors: {},
    error: null,
    ...over,
  }
  return toRegisterView(registerMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Auth/Register',
  component: RegisterPage,
  parameters: { layout: 'fullscreen' },
  args: { view: at('editing'), send: () => {} },
} satisfies Meta<typeof RegisterPage>

export default meta
type Story = StoryObj<typeof meta>

/** First visit: nothing typed, the button is disabled. */
export const Empty: Story = {}

/** Every rule passes: the button is enabled. */
export const Valid: Story = { args: { view: at('editing', { values: filled }) } }

/** Fields left with errors: required name, malformed e-mail, short password, different confirmation. */
export const FieldErrors: Story = {
  args: {
    view: at('editing', {
      values: { displayName: '', email: 'marie@boulangerie', password: 'court', confirmation: 'cour' },
      touched: allTouched,
    }),
  },
}

/** 409 EMAIL_ALREADY_USED: shown on the e-mail field until it changes. */
export const EmailAlreadyUsed: Story = {
  args: {
    view: at('editing', {
      values: { ...filled, email: 'owner@demo.test' },
      touched: allTouched,
      serverErrors: { email: 'auth.register.errors.emailAlreadyUsed' },
    }),
  },
}

/** The server could not be reached: a message above the form; sending again is the retry. */
export const ServerError: Story = {
  args: { view: at('editing', { values: filled, touched: allTouched, error: 'errors.generic' }) },
}

/** The account is being created: the button spins. */
export const Submitting: Story = { args: { view: at('submitting', { values: filled, touched: allTouched }) } }

/** The real machine with a fake server: any e-mail but owner@demo.test creates the account. */
export const Interactive: Story = {
  render: function Render() {
    const actor = useActorRef(
      registerMachine.provide({
        actors: {
          signUp: fromPromise<{ id: string; userId: string }, SignUpInput>(async ({ input }) => {
            await wait()
            if (input.email === 'owner@demo.test') throw new ApiError(409, 'EMAIL_ALREADY_USED', 'used')
            return { id: 'token', userId: 'user' }
          }),
        },
      }),
    )
    const view = useSelector(actor, toRegisterView)
    return <RegisterPage view={view} send={actor.send} />
  },
}
