// /pages/marketing/{birthday,lost,new-customer}/:id (full access): the automation editor machine.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { automationEditorMachine } from '../../../machines/automation-editor/automation-editor.machine'
import { toAutomationEditorView } from '../../../machines/automation-editor/automation-editor.view'
import type { AutomationType } from '../../domain/automations'
import { franchiseLocale } from '../../domain/locale'
import { optOutMention } from '../../domain/sms'
import { useAppEffects } from '../../ui/effects/app-effects'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { AutomationEditorPage } from './AutomationEditorPage'

export const AutomationEditorActorContext = createActorContext(automationEditorMachine)

export function AutomationEditorContainer({ id, type }: { id: string; type: AutomationType }) {
  const session = useSession()
  const effects = useAppEffects()
  const provided = useProvided(automationEditorMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        leavePage: (_, p: { to: string | null }) => effects.navigate(p.to ?? '/pages/marketing/list'),
      },
    }),
  )
  if (!session.franchise || !session.user) return null
  const input = {
    id,
    type,
    userId: session.user.id,
    optOut: optOutMention(session.franchise.codeAlpha3),
    locale: franchiseLocale(session.franchise.codeAlpha3),
    stores: session.stores
      .filter((s) => s.franchiseId === session.franchise?.id)
      .map((s) => ({ id: s.id, name: s.name })),
  }
  return (
    <AutomationEditorActorContext.Provider key={id} logic={machine} options={{ input }}>
      <Connected currency={session.franchise.currencyCode} />
    </AutomationEditorActorContext.Provider>
  )
}

function Connected({ currency }: { currency: string }) {
  const view = AutomationEditorActorContext.useSelector(toAutomationEditorView)
  const actor = AutomationEditorActorContext.useActorRef()
  return <AutomationEditorPage view={view} send={actor.send} currency={currency} />
}
