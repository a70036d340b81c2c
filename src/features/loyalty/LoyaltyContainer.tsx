// /pages/loyalty (owners): the loyalty page machine for this visit (tab from the address), the offers
// machine once a card exists, and the customers tab (the client list's pieces on the card's clients).
// A saved card whose type changed tells the session, so the toolbar's create-sale button follows.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { toLoyaltyCardView } from '../../../machines/loyalty-card/loyalty-card.view'
import { toLoyaltyOffersView } from '../../../machines/loyalty-offers/loyalty-offers.view'
import { toSessionView } from '../../../machines/session/session.view'
import { useSession, useSessionRef } from '../../ui/session/hooks'
import { LoyaltyCustomers } from './LoyaltyCustomers'
import { LoyaltyPage } from './LoyaltyPage'
import { tabOf, tabPath, useLoyaltyLogic } from './logic'
import { OffersSection } from './OffersSection'

export function LoyaltyContainer() {
  const logic = useLoyaltyLogic()
  const session = useSession()
  const sessionRef = useSessionRef()
  const [, navigate] = useLocation()
  const search = useSearch()
  const franchise = session.franchise
  const [machine] = useState(() =>
    logic.card.provide({
      actions: {
        writeTab: (_, p: { tab: 'card' | 'customers' }) => navigate(tabPath(p.tab), { replace: true }),
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
        view.isCustomersTab && view.card ? (
          <LoyaltyCustomers
            modelId={view.card.id}
            stores={stores.filter((s) => view.card!.storeIds.includes(s.id))}
            currency={currency}
          />
        ) : null
      }
    />
  )
}

function ConnectedOffers({
  modelId,
  canEdit,
  currency,
  products,
}: {
  modelId: string
  canEdit: boolean
  currency: string
  products: ReturnType<typeof toLoyaltyCardView>['products']
}) {
  const logic = useLoyaltyLogic()
  const actor = useActorRef(logic.offers, { input: { modelId, canEdit } })
  const view = useSelector(actor, toLoyaltyOffersView)
  return <OffersSection view={view} send={actor.send} currency={currency} products={products} />
}
