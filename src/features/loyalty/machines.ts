// The loyalty page's card and offers machines (a test's fakes when handed) with the app's toasts.
import { useState } from 'react'
import { loyaltyCardMachine } from '../../../machines/loyalty-card/loyalty-card.machine'
import { loyaltyOffersMachine } from '../../../machines/loyalty-offers/loyalty-offers.machine'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'

type Notice = { level: 'success' | 'error'; id: string }

export function useLoyaltyMachines() {
  const effects = useAppEffects()
  const card = useProvided(loyaltyCardMachine)
  const offers = useProvided(loyaltyOffersMachine)
  const [machines] = useState(() => {
    const notify = (_: unknown, p: Notice) => effects.notify(p.level, p.id as MessageId)
    return { card: card.provide({ actions: { notify } }), offers: offers.provide({ actions: { notify } }) }
  })
  return machines
}
