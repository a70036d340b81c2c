// A store's opinions (/pages/stores/:id/opinions): the store opinions machine for this store; another
// store id starts a new one (the provider is keyed by it).
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { storeOpinionsMachine } from '../../../machines/store-opinions/store-opinions.machine'
import { toStoreOpinionsView } from '../../../machines/store-opinions/store-opinions.view'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { StoreOpinionsPage } from './StoreOpinionsPage'

export const StoreOpinionsContext = createActorContext(storeOpinionsMachine)

export function StoreOpinionsContainer({ id }: { id: string }) {
  const effects = useAppEffects()
  const provided = useProvided(storeOpinionsMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  return (
    <StoreOpinionsContext.Provider key={id} logic={machine} options={{ input: { storeId: id } }}>
      <ConnectedStoreOpinions id={id} />
    </StoreOpinionsContext.Provider>
  )
}

function ConnectedStoreOpinions({ id }: { id: string }) {
  const session = useSession()
  const view = StoreOpinionsContext.useSelector(toStoreOpinionsView)
  const actor = StoreOpinionsContext.useActorRef()
  const storeName = session.stores.find((s) => s.id === id)?.name ?? null
  return <StoreOpinionsPage view={view} send={actor.send} storeName={storeName} />
}
