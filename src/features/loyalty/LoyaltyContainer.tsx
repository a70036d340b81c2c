// /pages/loyalty (owners): the loyalty page machine for this visit (tab from the address), the offers
// machine once a card exists, and the customers tab (the client list's pieces on the card's clients).
// A saved card whose type changed tells the session, so the toolbar's create-sale button follows.
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { useSearch } from 'wouter'
import { toLoyaltyCardView } from '../../../machines/loyalty-card/loyalty-card.view'
import { toLoyaltyOffersView } from '../../../machines/loyalty-offers/loyalty-offers.view'
import { toSessionView } from '../../../machines/session/session.view'
import type { DemoFranchise } from '../../domain/demo'
import type { StoreSummary } from '../../domain/franchise'
import { useAppEffects } from '../../ui/effects/app-effects'
import { useSession, useSessionRef } from '../../ui/session/hooks'
import { LoyaltyPage } from './LoyaltyPage'
import { useLoyaltyMachines } from './machines'
import { OffersSection } from './OffersSection'
import { LOYALTY_PATH, tabOf, tabPath } from './paths'

/** A franchise the user may only read (the demo, issue 8): its card and offers, no tabs, no edits. */
export type ReadOnlyLoyalty = { demo: DemoFranchise }

/** What the customers tab shows a card's clients with (the client screens', from the route table). */
export type CardCustomers = (card: {
  modelId: string
  stores: readonly StoreSummary[]
  currency: string
  path: string
  urlOf: (search: string) => string
}) => ReactNode

export function LoyaltyContainer({
  readOnly,
  customers,
}: {
  readOnly?: ReadOnlyLoyalty
  customers?: CardCustomers
} = {}) {
  if (readOnly) return <ReadOnlyLoyaltyCard demo={readOnly.demo} />
  return <OwnLoyalty customers={customers} />
}

/** The demo franchise's card and offers: the same machines, read-only, on the demo's id. */
function ReadOnlyLoyaltyCard({ demo }: { demo: DemoFranchise }) {
  const logic = useLoyaltyMachines()
  const [input] = useState(() => ({
    franchiseId: demo.franchise.id,
    // No point-of-sale products to read: the product picker is not editable here.
    storeIds: [],
    franchiseLoyaltyType: demo.franchise.loyaltyType,
    canEdit: false,
    tab: 'card' as const,
  }))
  const actor = useActorRef(logic.card, { input })
  const view = useSelector(actor, toLoyaltyCardView)
  const currency = demo.franchise.currencyCode
  return (
    <LoyaltyPage
      cardOnly
      view={view}
      send={actor.send}
      stores={demo.stores}
      currency={currency}
      offers={
        view.card ? (
          <ConnectedOffers
            modelId={view.card.id}
            canEdit={false}
            currency={currency}
            products={view.products}
            franchiseId={demo.franchise.id}
          />
        ) : null
      }
      customers={null}
    />
  )
}

function OwnLoyalty({ customers }: { customers: CardCustomers | undefined }) {
  const logic = useLoyaltyMachines()
  const effects = useAppEffects()
  const session = useSession()
  const sessionRef = useSessionRef()
  const search = useSearch()
  const franchise = session.franchise
  const [machine] = useState(() =>
    logic.card.provide({
      actions: {
        writeTab: (_, p: { tab: 'card' | 'customers' }) =>
          effects.navigate(tabPath(p.tab), { replace: true }),
        // Read at the time of the change: the session's franchise may have moved on since the page opened.
        franchiseChanged: (_, p: { loyaltyType: string }) => {
          const current = toSessionView(sessionRef.getSnapshot()).franchise
          if (current)
            sessionRef.send({
              type: 'session.franchiseChange',
              franchise: { ...current, loyaltyType: p.loyaltyType },
            })
        },
      },
    }),
  )
  const [input] = useState(() => ({
    franchiseId: franchise?.id ?? '',
    storeIds: session.stores.filter((s) => s.franchiseId === franchise?.id).map((s) => s.id),
    franchiseLoyaltyType: franchise?.loyaltyType ?? '',
    canEdit: session.role === 'FRANCHISE_OWNER',
    tab: tabOf(search) as 'card' | 'customers',
  }))
  const actor = useActorRef(machine, { input })
  const view = useSelector(actor, toLoyaltyCardView)
  const stores = session.stores.filter((s) => s.franchiseId === franchise?.id)
  const currency = franchise?.currencyCode ?? 'EUR'
  return (
    <LoyaltyPage
      view={view}
      send={actor.send}
      stores={stores}
      currency={currency}
      offers={
        view.card ? (
          <ConnectedOffers
            modelId={view.card.id}
            canEdit={view.canEdit}
            currency={currency}
            products={view.products}
          />
        ) : null
      }
      customers={
        view.isCustomersTab && view.card && customers
          ? customers({
              modelId: view.card.id,
              stores: stores.filter((s) => view.card!.storeIds.includes(s.id)),
              currency,
              path: LOYALTY_PATH,
              urlOf: (search) => tabPath('customers', search),
            })
          : null
      }
    />
  )
}

function ConnectedOffers({
  modelId,
  canEdit,
  currency,
  products,
  franchiseId,
}: {
  modelId: string
  canEdit: boolean
  currency: string
  products: ReturnType<typeof toLoyaltyCardView>['products']
  /** Another franchise's offers (the demo). */
  franchiseId?: string
}) {
  const logic = useLoyaltyMachines()
  const actor = useActorRef(logic.offers, {
    input: franchiseId ? { modelId, canEdit, franchiseId } : { modelId, canEdit },
  })
  const view = useSelector(actor, toLoyaltyOffersView)
  return <OffersSection view={view} send={actor.send} currency={currency} products={products} />
}
