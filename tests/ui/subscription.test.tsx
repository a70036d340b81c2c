// "Manage the subscription" (issue 24 #3): the card on the subscription machine with fake actors.

import { screen, within } from '@testing-library/react'
import { useActorRef, useSelector } from '@xstate/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { subscriptionMachine } from '../../machines/subscription/subscription.machine'
import { toSubscriptionView } from '../../machines/subscription/subscription.view'
import type { SubscriptionDetail } from '../../src/domain/subscription'
import { SubscriptionCard } from '../../src/features/profile/SubscriptionCard'
import { renderUi } from './render'

const ACTIVE: SubscriptionDetail = {
  status: 'active',
  isSubscribedRetailer: true,
  since: '2099-01-15T10:00:00.000Z',
  plan: { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' },
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2099-02-15T10:00:00.000Z',
  invoices: [
    { id: 'in_1', date: '2099-01-15T10:00:00.000Z', amountCents: 4900, currencyCode: 'EUR', status: 'paid' },
  ],
}

function Harness({ changes }: { changes: boolean[] }) {
  const actor = useActorRef(
    subscriptionMachine.provide({
      actors: {
        loadSubscription: fromPromise(async () => ACTIVE),
        changeRenewal: fromPromise(async ({ input }) => {
          changes.push(input.cancel)
          return { ...ACTIVE, cancelAtPeriodEnd: input.cancel }
        }),
      },
    }),
    { input: { userId: 'u1' } },
  )
  const view = useSelector(actor, toSubscriptionView)
  return <SubscriptionCard view={view} send={actor.send} />
}

describe('SubscriptionCard', () => {
  it('shows the plan, renewal and invoices; cancels after a confirmation and resumes', async () => {
    const changes: boolean[] = []
    const { user } = renderUi(<Harness changes={changes} />)
    expect(await screen.findByText('Loyalty Pro · €49.00 per month')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Active: renews on February 15, 2099.')
    const invoices = screen.getByRole('region', { name: 'Invoices' })
    expect(within(invoices).getByRole('cell', { name: '€49.00' })).toBeInTheDocument()
    expect(within(invoices).getByRole('cell', { name: 'Paid' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Cancel at the end of the period' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('It stays active until February 15, 2099')
    expect(changes).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at the end of the period' }))
    expect(
      await screen.findByText('Cancelled: active until February 15, 2099, then it ends.'),
    ).toBeInTheDocument()
    expect(changes).toEqual([true])

    await user.click(screen.getByRole('button', { name: 'Keep my subscription' }))
    expect(await screen.findByText('Active: renews on February 15, 2099.')).toBeInTheDocument()
    expect(changes).toEqual([true, false])
  })

  it('renders in French', async () => {
    renderUi(<Harness changes={[]} />, { locale: 'fr' })
    expect(await screen.findByText(/Actif : renouvelé le 15 février 2099/)).toBeInTheDocument()
  })
})
