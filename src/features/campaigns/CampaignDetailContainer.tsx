// /pages/campaign/:id (owner): the detail machine for one campaign.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { campaignDetailMachine } from '../../../machines/campaign-detail/campaign-detail.machine'
import { toCampaignDetailView } from '../../../machines/campaign-detail/campaign-detail.view'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { CampaignDetailPage } from './CampaignDetailPage'
import { CAMPAIGN_PATHS } from './paths'

export const CampaignDetailActorContext = createActorContext(campaignDetailMachine)

export function CampaignDetailContainer({ id }: { id: string }) {
  const session = useSession()
  return <CampaignDetailScreen key={id} id={id} currency={session.franchise?.currencyCode ?? 'EUR'} />
}

export function CampaignDetailScreen({ id, currency }: { id: string; currency: string }) {
  const effects = useAppEffects()
  // The machine calls src/api itself; a test or a story hands one provided with fakes.
  const provided = useProvided(campaignDetailMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
        openEditor: (_, p: { id: string }) => effects.navigate(CAMPAIGN_PATHS.edit(p.id)),
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
