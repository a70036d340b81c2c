import { createActorContext, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import type { ActorRefFrom } from 'xstate'
import { clientDetailMachine } from '../../../machines/client-detail/client-detail.machine'
import { toClientDetailView } from '../../../machines/client-detail/client-detail.view'
import type { clientFormMachine } from '../../../machines/client-form/client-form.machine'
import { toClientFormView } from '../../../machines/client-form/client-form.view'
import { phoneCountry } from '../../domain/countries'
import { canEraseClients } from '../../domain/gdpr'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { EmptyPanel } from '../../ui/Panels'
import { useSession } from '../../ui/session/hooks'
import { ClientDetailPage } from './ClientDetailPage'
import { CLIENT_LIST_PATH } from './paths'

export const ClientDetailContext = createActorContext(clientDetailMachine)

/**
 * /pages/user/clients/:id (owners): the client detail machine for this client at the current store. A
 * new store (the toolbar's selector) starts it again: offers and moves belong to the store.
 */
export function ClientDetailContainer({ id }: { id: string }) {
  const session = useSession()
  const intl = useIntl()
  const franchise = session.franchise
  if (!franchise) return <EmptyPanel title={intl.formatMessage({ id: 'pages.clients.errors.noFranchise' })} />
  const storeId = session.currentStore?.id ?? null
  return (
    <ClientDetailScope
      key={`${id}:${storeId ?? ''}`}
      id={id}
      franchiseId={franchise.id}
      country={franchise.codeAlpha3}
      storeId={storeId}
    />
  )
}

function ClientDetailScope({
  id,
  franchiseId,
  country,
  storeId,
}: {
  id: string
  franchiseId: string
  country: string
  storeId: string | null
}) {
  const effects = useAppEffects()
  const provided = useProvided(clientDetailMachine)
  const session = useSession()
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        goToList: () => effects.navigate(CLIENT_LIST_PATH),
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  const input = {
    clientId: id,
    franchiseId,
    storeId,
    country: phoneCountry(country),
    stores: session.stores.map((s) => ({ id: s.id, name: s.name })),
  }
  return (
    <ClientDetailContext.Provider logic={machine} options={{ input }}>
      <ConnectedClientDetail
        storeName={session.currentStore?.name ?? null}
        mayErase={canEraseClients(session.role)}
      />
    </ClientDetailContext.Provider>
  )
}

function ConnectedClientDetail({ storeName, mayErase }: { storeName: string | null; mayErase: boolean }) {
  const view = ClientDetailContext.useSelector(toClientDetailView)
  const actor = ClientDetailContext.useActorRef()
  const formRef = ClientDetailContext.useSelector(
    (s) => s.children.clientForm as ActorRefFrom<typeof clientFormMachine> | undefined,
  )
  const formView = useSelector(formRef, (s) => (s ? toClientFormView(s) : null))
  return (
    <ClientDetailPage
      view={view}
      send={actor.send}
      storeName={storeName}
      mayErase={mayErase}
      form={formRef && formView ? { view: formView, send: formRef.send } : null}
    />
  )
}
