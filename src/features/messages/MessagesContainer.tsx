// The messages sent (/pages/messages, franchise owner): the machine with the session's franchise and
// the address's query; the page renders its view.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useSearch } from 'wouter'
import { watchLocationOf } from '../../../machines/messages-list/messages-list.actors'
import { messagesListMachine, toMessagesView } from '../../../machines/messages-list/messages-list.list'
import { ROUTES } from '../../domain/access'
import { useAppEffects } from '../../ui/effects/app-effects'
import { useT } from '../../ui/i18n/t'
import { useProvided } from '../../ui/machines/provided'
import { EmptyPanel } from '../../ui/Panels'
import { useSession } from '../../ui/session/hooks'
import { MessagesPage } from './MessagesPage'

export const MESSAGES_PATH = ROUTES.messages.path
export const MessagesActorContext = createActorContext(messagesListMachine)

export function MessagesContainer() {
  const session = useSession()
  const t = useT()
  const franchiseId = session.franchise?.id
  if (!franchiseId) return <EmptyPanel title={t('messages.noFranchise')} />
  // A new franchise (an admin acting as another merchant) starts a new list.
  return <MessagesScreen key={franchiseId} franchiseId={franchiseId} />
}

function MessagesScreen({ franchiseId }: { franchiseId: string }) {
  const effects = useAppEffects()
  const provided = useProvided(messagesListMachine)
  const search = useSearch()
  const [machine] = useState(() =>
    provided.provide({
      actors: { watchLocation: watchLocationOf(effects.location, MESSAGES_PATH) },
      actions: {
        writeUrl: (_, p: { search: string }) =>
          effects.navigate(`${MESSAGES_PATH}${p.search}`, { replace: true }),
      },
    }),
  )
  const input = { location: search ? `?${search}` : '', params: { franchiseId } }
  return (
    <MessagesActorContext.Provider logic={machine} options={{ input }}>
      <ConnectedMessages />
    </MessagesActorContext.Provider>
  )
}

function ConnectedMessages() {
  const view = MessagesActorContext.useSelector(toMessagesView)
  const actor = MessagesActorContext.useActorRef()
  return <MessagesPage view={view} send={actor.send} />
}
