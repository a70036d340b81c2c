// /pages/campaign/new and /pages/campaign/:id/edit (owner): the editor machine on the session's
// franchise, its author, stores and subscription.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { LEAVE_BACK } from '../../../machines/campaign-editor/campaign-editor.actors'
import { campaignEditorMachine } from '../../../machines/campaign-editor/campaign-editor.machine'
import type { CampaignEditorInput } from '../../../machines/campaign-editor/campaign-editor.types'
import { toCampaignEditorView } from '../../../machines/campaign-editor/campaign-editor.view'
import { useSession } from '../../ui/session/hooks'
import { CampaignEditorPage } from './CampaignEditorPage'
import { CAMPAIGN_PATHS, useCampaignsLogic } from './logic'
import { NoFranchise } from './NoFranchise'

export const CampaignEditorActorContext = createActorContext(campaignEditorMachine)

export function CampaignEditorContainer({ id }: { id?: string }) {
  const session = useSession()
  const logic = useCampaignsLogic()
  if (!session.franchise || !session.user) return <NoFranchise />
  const input: CampaignEditorInput = {
    franchiseId: session.franchise.id,
    userId: session.user.id,
    campaignId: id ?? null,
    timezone: session.franchise.timezone,
    currencyCode: session.franchise.currencyCode,
    countryAlpha3: session.franchise.codeAlpha3,
    isSubscribed: session.isSubscribed,
    stores: session.stores
      .filter((s) => s.franchiseId === session.franchise?.id)
      .map((s) => ({ id: s.id, name: s.name })),
    now: logic.now,
  }
  // A new key per campaign: going from one editor to another starts afresh.
  return <CampaignEditorScreen key={id ?? 'new'} input={input} />
}

/** The editor on a given input (tests render it without a session). */
export function CampaignEditorScreen({ input }: { input: CampaignEditorInput }) {
  const logic = useCampaignsLogic()
  const [, navigate] = useLocation()
  const [machine] = useState(() =>
    logic.editor.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) => logic.notify(p.level, p.id),
        goBack: () => logic.goBack(),
        goToHistory: () => navigate(CAMPAIGN_PATHS.history),
        leavePage: (_, p: { to: string | null }) =>
          // The browser's back, held while unsaved: back past the guard's copy of this page too.
          p.to === LEAVE_BACK
            ? logic.goBack(2)
            : p.to
              ? navigate(p.to)
              : navigate(input.campaignId ? CAMPAIGN_PATHS.detail(input.campaignId) : CAMPAIGN_PATHS.history),
      },
    }),
  )
  return (
    <CampaignEditorActorContext.Provider logic={machine} options={{ input }}>
      <ConnectedEditor />
    </CampaignEditorActorContext.Provider>
  )
}

function ConnectedEditor() {
  const view = CampaignEditorActorContext.useSelector(toCampaignEditorView)
  const actor = CampaignEditorActorContext.useActorRef()
  return <CampaignEditorPage view={view} send={actor.send} />
}
