// /pages/campaign/:id (owner): the detail machine for one campaign.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { campaignDetailMachine } from '../../../machines/campaign-detail/campaign-detail.machine'
import { toCampaignDetailView } from '../../../machines/campaign-detail/campaign-detail.view'
import { useSession } from '../../ui/session/hooks'
import { CampaignDetailPage } from './CampaignDetailPage'
import { CAMPAIGN_PATHS, useCampaignsLogic } from './logic'

export const CampaignDetailActorContext = createActorContext(campaignDetailMachine)

export function CampaignDetailContainer({ id }: { id: string }) {
  const session = useSession()
  return <CampaignDetailScreen key={id} id={id} currency={session.franchise?.currencyCode ?? 'EUR'} />
}

export function CampaignDetailScreen({ id, currency }: { id: string; currency: string }) {
  const logic = useCampaignsLogic()
  const [, navigate] = useLocation()
  const [machine] = useState(() =>
    logic.detail.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) => logic.notify(p.level, p.id),
        openEditor: (_, p: { id: string }) => navigate(CAMPAIGN_PATHS.edit(p.id)),
      },
    }),
  )
  return (
    <CampaignDetailActorContext.Provider logic={machine} options={{ input: { campaignId: id } }}>
      <ConnectedDetail currency={currency} />
    </CampaignDetailActorContext.Provider>
  )
}

function ConnectedDetail({ currency }: { currency: string }) {
  const view = CampaignDetailActorContext.useSelector(toCampaignDetailView)
  const actor = CampaignDetailActorContext.useActorRef()
  return <CampaignDetailPage view={view} send={actor.send} currency={currency} />
}
