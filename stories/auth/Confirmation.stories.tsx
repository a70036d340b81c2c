import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  type ConfirmationContext,
  confirmationMachine,
  type Offer,
} from '../../machines/confirmation/confirmation.machine'
import { toConfirmationView } from '../../machines/confirmation/confirmation.view'
import { ConfirmationPage } from '../../src/features/auth/ConfirmationPage'
import { wait } from '../support/fake'

const offer: Offer = {
  plan: { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' },
  url: '/checkout/5a3c0e7e-2f47-4d4b-9a51-0b8a6a1d7c11',
}

type Value =
  | 'reading'
  | 'accepting'
  | 'acceptFailed'
  | 'loadingOffer'
  | 'offerFailed'
  | 'offer'
  | 'redirecting'
  | 'unavailable'

function at(value: Value, over: Partial<ConfirmationContext> = {}) {
  const context: ConfirmationContext = { accepted: value !== 'reading', offer: null, error: null, ...over }
  return toConfirmationView(confirmationMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Auth/Confirmation',
  component: ConfirmationPage,
  parameters: { layout: 'fullscreen' },
  args: { view: at('reading'), send: () => {}, onLogout: () => {} },
} satisfies Meta<typeof ConfirmationPage>

export default meta
type Story = StoryObj<typeof meta>

/** The terms of service to read; the button waits for the box to be ticked. */
export const Terms: Story = {}

export const TermsTicked: Story = { args: { view: at('reading', { accepted: true }) } }

export const Accepting: Story = { args: { view: at('accepting') } }

/** §8 Payment: terms acceptance failed, with a retry. */
export const AcceptFailed: Story = {
  args: { view: at('acceptFailed', { error: 'auth.confirmation.errors.terms' }) },
}

export const LoadingOffer: Story = { args: { view: at('loadingOffer') } }

/** §8 Payment: product and payment link loading failed, with a retry (the terms stay accepted). */
export const OfferFailed: Story = {
  args: { view: at('offerFailed', { error: 'auth.confirmation.errors.offer' }) },
}

/** The plan and its price in the user's language and currency. */
export const PlanOffer: Story = { args: { view: at('offer', { offer }) } }

/** A franchise billed in Canadian dollars. */
export const OfferInCad: Story = {
  args: {
    view: at('offer', {
      offer: { ...offer, plan: { ...offer.plan, amountCents: 6900, currencyCode: 'CAD' } },
    }),
  },
}

/** Leaving for the payment page. */
export const Redirecting: Story = { args: { view: at('redirecting', { offer }) } }

/** No plan on sale for this account. */
export const Unavailable: Story = { args: { view: at('unavailable') } }

/** The real machine with a fake server; "Subscribe" only logs the payment URL here. */
export const Interactive: Story = {
  render: function Render() {
    const actor = useActorRef(
      confirmationMachine.provide({
        actors: {
          acceptTerms: fromPromise<void>(async () => {
            await wait()
          }),
          loadOffer: fromPromise<Offer | null>(async () => {
            await wait()
            return offer
          }),
        },
        actions: { loadPage: (_, p: { url: string }) => console.info('loadPage', p.url) },
      }),
    )
    const view = useSelector(actor, toConfirmationView)
    return <ConfirmationPage view={view} send={actor.send} onLogout={() => {}} />
  },
}
