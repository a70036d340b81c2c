// /pages/campaign/history (owner): the history machine on the session's franchise, following the address.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { watchLocationOf } from '../../../machines/campaign-history/campaign-history.actors'
import { campaignHistoryMachine } from '../../../machines/campaign-history/campaign-history.machine'
import { toCampaignHistoryView } from '../../../machines/campaign-history/campaign-history.view'
import { useSession } from '../../ui/session/hooks'
import { CampaignHistoryPage } from './CampaignHistoryPage'
import { CAMPAIGN_PATHS, useCampaignsLogic } from './logic'
import { NoFranchise } from './NoFranchise'

export const CampaignHistoryActorContext = createActorContext(campaignHistoryMachine)

export function CampaignHistoryContainer() {
  const session = useSession()
  if (!session.franchise) return <NoFranchise />
  return (
    <CampaignHistoryScreen franchiseId={session.franchise.id} currency={session.franchise.currencyCode} />
  )
}

export function CampaignHistoryScreen({ franchiseId, currency }: { franchiseId: string; currency: string }) {
  const logic = useCampaignsLogic()
  const [, navigate] = useLocation()
  const search = useSearch()
  const [machine] = useState(() =>
    logic.history.provide({
      actors: { watchLocation: watchLocationOf(logic.location, CAMPAIGN_PATHS.history) },
      actions: {
        writeUrl: (_, p: { search: string }) =>
          navigate(`${CAMPAIGN_PATHS.history}${p.search}`, { replace: true }),
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
