// /pages/campaign/history (owner): the history machine on the session's franchise, following the address.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useSearch } from 'wouter'
import { watchLocationOf } from '../../../machines/campaign-history/campaign-history.actors'
import { campaignHistoryMachine } from '../../../machines/campaign-history/campaign-history.machine'
import { toCampaignHistoryView } from '../../../machines/campaign-history/campaign-history.view'
import { useAppEffects } from '../../ui/effects/app-effects'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { CampaignHistoryPage } from './CampaignHistoryPage'
import { NoFranchise } from './NoFranchise'
import { CAMPAIGN_PATHS } from './paths'

export const CampaignHistoryActorContext = createActorContext(campaignHistoryMachine)

export function CampaignHistoryContainer() {
  const session = useSession()
  if (!session.franchise) return <NoFranchise />
  return (
    <CampaignHistoryScreen franchiseId={session.franchise.id} currency={session.franchise.currencyCode} />
  )
}

export function CampaignHistoryScreen({ franchiseId, currency }: { franchiseId: string; currency: string }) {
  const effects = useAppEffects()
  // The machine calls src/api itself; a test or a story hands one provided with a fake.
  const provided = useProvided(campaignHistoryMachine)
  const search = useSearch()
  const [machine] = useState(() =>
    provided.provide({
      actors: { watchLocation: watchLocationOf(effects.location, CAMPAIGN_PATHS.history) },
      actions: {
        writeUrl: (_, p: { search: string }) =>
          effects.navigate(`${CAMPAIGN_PATHS.history}${p.search}`, { replace: true }),
      },
    }),
  )
  const input = { franchiseId, location: search ? `?${search}` : '' }
  return (
    <CampaignHistoryActorContext.Provider logic={machine} options={{ input }}>
      <ConnectedHistory currency={currency} />
    </CampaignHistoryActorContext.Provider>
  )
}

function ConnectedHistory({ currency }: { currency: string }) {
  const view = CampaignHistoryActorContext.useSelector(toCampaignHistoryView)
  const actor = CampaignHistoryActorContext.useActorRef()
  return <CampaignHistoryPage view={view} send={actor.send} currency={currency} />
}
