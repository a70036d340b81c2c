import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  type RegisterContext,
  registerMachine,
  type SignUpInput,
} from '../../machines/register/register.machine'
import { toRegisterView } from '../../machines/register/register.view'
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
function at(value: 'editing' | 'submitting' | 'sent', over: Partial<RegisterContext> = {}) {
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

/** First visit: nothing typed, the button is disabled and what is missing is listed beside it. */
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

/** A 400 naming the e-mail: shown on the field (and in the list) until it changes. */
export const ServerFieldError: Story = {
  args: {
    view: at('editing', {
      values: { ...filled, email: 'marie@boulangerie-dupont.fr' },
      touched: allTouched,
      serverErrors: { email: 'auth.form.invalid' },
    }),
  },
}

/** The server could not be reached: a message above the form; sending again is the retry. */
export const ServerError: Story = {
  args: { view: at('editing', { values: filled, touched: allTouched, error: 'errors.generic' }) },
}

/** The sign-up is being sent: the button spins. */
export const Submitting: Story = { args: { view: at('submitting', { values: filled, touched: allTouched }) } }

/** Sent: "check your inbox", the same for a new address and one that has an account (issue 34). */
export const Sent: Story = { args: { view: at('sent', { values: filled, touched: allTouched }) } }

/** The real machine with a fake server: every address is told to check its inbox. */
export const Interactive: Story = {
  render: function Render() {
    const actor = useActorRef(
      registerMachine.provide({
        actors: {
          signUp: fromPromise<void, SignUpInput>(async () => {
            await wait()
          }),
        },
      }),
    )
    const view = useSelector(actor, toRegisterView)
    return <RegisterPage view={view} send={actor.send} />
  },
}
