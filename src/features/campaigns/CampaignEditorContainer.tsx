// /pages/campaign/new and /pages/campaign/:id/edit (owner): the editor machine on the session's
// franchise, its author, stores and subscription.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { LEAVE_BACK } from '../../../machines/campaign-editor/campaign-editor.actors'
import { campaignEditorMachine } from '../../../machines/campaign-editor/campaign-editor.machine'
import type { CampaignEditorInput } from '../../../machines/campaign-editor/campaign-editor.types'
import { toCampaignEditorView } from '../../../machines/campaign-editor/campaign-editor.view'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { CampaignEditorPage } from './CampaignEditorPage'
import { NoFranchise } from './NoFranchise'
import { CAMPAIGN_PATHS } from './paths'

export const CampaignEditorActorContext = createActorContext(campaignEditorMachine)

export function CampaignEditorContainer({ id }: { id?: string }) {
  const session = useSession()
  if (!session.franchise || !session.user) return <NoFranchise />
  // The date rules read the app's clock (the machine's default `now`).
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
  }
  // A new key per campaign: going from one editor to another starts afresh.
  return <CampaignEditorScreen key={id ?? 'new'} input={input} />
}

/** The editor on a given input (tests render it without a session). */
export function CampaignEditorScreen({ input }: { input: CampaignEditorInput }) {
  const effects = useAppEffects()
  // The machine calls src/api itself; a test or a story hands one provided with fakes.
  const provided = useProvided(campaignEditorMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
        goBack: () => effects.goBack(),
        goToHistory: () => effects.navigate(CAMPAIGN_PATHS.history),
        leavePage: (_, p: { to: string | null }) =>
          // The browser's back, held while unsaved: back past the guard's copy of this page too.
          p.to === LEAVE_BACK
            ? effects.goBack(2)
            : effects.navigate(
                p.to || (input.campaignId ? CAMPAIGN_PATHS.detail(input.campaignId) : CAMPAIGN_PATHS.history),
              ),
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
