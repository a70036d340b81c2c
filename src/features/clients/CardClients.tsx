// The loyalty page's "customers" tab: the client list machine and page on a card's clients (its
// `modelId`: GET /api/v2/loyalty-models/{id}/clients; one of its stores through the list's store filter). The
// loyalty page says where its query lives (`urlOf`, after `tab=customers`) and which page its watcher
// hears (`path`), so it never fights the client list page's own address.
import { createActorContext, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useSearch } from 'wouter'
import type { ActorRefFrom } from 'xstate'
import type { clientFormMachine } from '../../../machines/client-form/client-form.machine'
import { toClientFormView } from '../../../machines/client-form/client-form.view'
import { watchLocationOf } from '../../../machines/client-list/client-list.actors'
import { clientListMachine } from '../../../machines/client-list/client-list.machine'
import { toClientListView } from '../../../machines/client-list/client-list.view'
import { phoneCountry } from '../../domain/countries'
import type { StoreSummary } from '../../domain/franchise'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { ClientListPage, clientPath } from './ClientListPage'

const CardClientsContext = createActorContext(clientListMachine)

export interface CardClientsProps {
  modelId: string
  stores: readonly StoreSummary[]
  currency: string
  /** The page whose address holds the list's query. */
  path: string
  /** That page's address for a query of the list. */
  urlOf: (search: string) => string
}

export function CardClients({ modelId, stores, currency, path, urlOf }: CardClientsProps) {
  const effects = useAppEffects()
  const provided = useProvided(clientListMachine)
  const session = useSession()
  const search = useSearch()
  const [machine] = useState(() =>
    provided.provide({
      actors: { watchLocation: watchLocationOf(effects.location, path) },
      actions: {
        writeUrl: (_, p: { search: string }) => effects.navigate(urlOf(p.search), { replace: true }),
        openClient: (_, p: { id: string }) => effects.navigate(clientPath(p.id)),
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  const input = {
    modelId,
    location: search ? `?${search}` : '',
    franchiseId: session.franchise?.id ?? null,
    country: phoneCountry(session.franchise?.codeAlpha3 ?? 'FRA'),
    storeId: session.currentStore?.id ?? null,
  }
  return (
    <CardClientsContext.Provider logic={machine} options={{ input }}>
      <ConnectedCardClients stores={stores} currency={currency} />
    </CardClientsContext.Provider>
  )
}

function ConnectedCardClients({ stores, currency }: { stores: readonly StoreSummary[]; currency: string }) {
  const view = CardClientsContext.useSelector(toClientListView)
  const actor = CardClientsContext.useActorRef()
  const formRef = CardClientsContext.useSelector(
    (s) => s.children.clientForm as ActorRefFrom<typeof clientFormMachine> | undefined,
  )
  const formView = useSelector(formRef, (s) => (s ? toClientFormView(s) : null))
  return (
    <ClientListPage
      embedded
      view={view}
      send={actor.send}
      stores={stores}
      currency={currency}
      form={formRef && formView ? { view: formView, send: formRef.send } : null}
    />
  )
}
