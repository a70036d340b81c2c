// The loyalty page's machines with the app's real actors (src/api) and effects. Tests and stories hand
// their own (the same machines with a fake back end) through LoyaltyLogicContext.
import { createContext, useContext } from 'react'
import { browserLocation, type LocationSource } from '../../../machines/client-list/client-list.actors'
import { loadCard, saveCard, uploadImage } from '../../../machines/loyalty-card/loyalty-card.actors'
import { loyaltyCardMachine } from '../../../machines/loyalty-card/loyalty-card.machine'
import {
  changeStatus,
  loadOffers,
  saveOffer,
  uploadImage as uploadOfferImage,
} from '../../../machines/loyalty-offers/loyalty-offers.actors'
import { loyaltyOffersMachine } from '../../../machines/loyalty-offers/loyalty-offers.machine'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export const LOYALTY_PATH = '/pages/loyalty'

export type LoyaltyLogic = {
  card: typeof loyaltyCardMachine
  offers: typeof loyaltyOffersMachine
  location: LocationSource
  notify: (level: 'success' | 'error', id: string) => void
}

const toast = (level: 'success' | 'error', id: string) => notify[level](id as MessageId)
const notifyAction = {
  notify: (_: unknown, p: { level: 'success' | 'error'; id: string }) => toast(p.level, p.id),
}

export const appLoyaltyLogic: LoyaltyLogic = {
  card: loyaltyCardMachine.provide({ actors: { loadCard, saveCard, uploadImage }, actions: notifyAction }),
  offers: loyaltyOffersMachine.provide({
    actors: { loadOffers, saveOffer, changeStatus, uploadImage: uploadOfferImage },
    actions: notifyAction,
  }),
  location: browserLocation,
  notify: toast,
}

export const LoyaltyLogicContext = createContext<LoyaltyLogic>(appLoyaltyLogic)
export const useLoyaltyLogic = () => useContext(LoyaltyLogicContext)

/** The address of a tab (the customers tab keeps the client list's query after it). */
export const tabPath = (tab: 'card' | 'customers', clientQuery = '') =>
  tab === 'customers'
    ? `${LOYALTY_PATH}?tab=customers${clientQuery ? `&${clientQuery.replace(/^\?/, '')}` : ''}`
    : LOYALTY_PATH
export const tabOf = (search: string) =>
  new URLSearchParams(search.replace(/^\?/, '')).get('tab') === 'customers' ? 'customers' : 'card'
