// "Manage the subscription" with Stripe (issue 35 §1): the customer portal instead of cancel/resume,
// and the notice of a failed renewal (open until the grace period ends, then closed), en and fr.

import { screen } from '@testing-library/react'
import { useActorRef, useSelector } from '@xstate/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { subscriptionMachine } from '../../machines/subscription/subscription.machine'
import { toSubscriptionView } from '../../machines/subscription/subscription.view'
import type { SubscriptionDetail } from '../../src/domain/subscription'
import { SubscriptionCard } from '../../src/features/profile/SubscriptionCard'
import { renderUi } from './render'

const STRIPE: SubscriptionDetail = {
  status: 'active',
  isSubscribedRetailer: true,
  since: '2099-01-15T10:00:00.000Z',
  plan: { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' },
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2099-02-15T10:00:00.000Z',
  invoices: [],
  manage: 'portal',
  pastDue: null,
}
const PAST_DUE = {
  ...STRIPE,
  pastDue: { since: '2099-02-15T10:00:00.000Z', closesAt: '2099-02-22T10:00:00.000Z', closed: false },
}

function Harness({ subscription, opened }: { subscription: SubscriptionDetail; opened: string[] }) {
  const actor = useActorRef(
    subscriptionMachine.provide({
      actors: {
        loadSubscription: fromPromise(async () => subscription),
        portalLink: fromPromise(async () => ({ url: 'https://billing.stripe.com/p/session/bps_1' })),
      },
      actions: { openUrl: (_, p: { url: string }) => opened.push(p.url) },
    }),
    { input: { userId: 'u1' } },
  )
  const view = useSelector(actor, toSubscriptionView)
  return <SubscriptionCard view={view} send={actor.send} />
}

describe('SubscriptionCard with Stripe', () => {
  it('sends the merchant to Stripe’s customer portal, with no cancel or resume here', async () => {
    const opened: string[] = []
    const { user } = renderUi(<Harness subscription={STRIPE} opened={opened} />)
    const manage = await screen.findByRole('button', { name: 'Manage the subscription' })
    expect(screen.queryByRole('button', { name: 'Cancel at the end of the period' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(manage)
    await expect.poll(() => opened).toEqual(['https://billing.stripe.com/p/session/bps_1'])
  })

  it('says a renewal failed and until when the pages stay open', async () => {
    renderUi(<Harness subscription={PAST_DUE} opened={[]} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your last payment failed. Update your card before February 22, 2099: after that, your pages close until the subscription is paid.',
    )
    expect(screen.getByRole('button', { name: 'Manage the subscription' })).toBeInTheDocument()
  })

  it('says the pages closed once the grace period ended', async () => {
    const closed = { ...PAST_DUE, pastDue: { ...PAST_DUE.pastDue, closed: true } }
    renderUi(<Harness subscription={closed} opened={[]} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your last payment failed and the grace period ended on February 22, 2099',
    )
  })

  it('renders the notice in French', async () => {
    renderUi(<Harness subscription={PAST_DUE} opened={[]} />, { locale: 'fr' })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Votre dernier paiement a échoué. Mettez à jour votre carte avant le 22 février 2099',
    )
    expect(screen.getByRole('button', { name: 'Gérer l’abonnement' })).toBeInTheDocument()
  })
})
