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
import type { DemoFranchise } from '../../domain/demo'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { CLIENT_LIST_PATH, ClientListPage, clientPath } from './ClientListPage'

export const ClientListContext = createActorContext(clientListMachine)

/** A franchise the user may only read (the demo, issue 8), shown at its own address. */
export type ReadOnlyClients = { demo: DemoFranchise; path: string }

/**
 * /pages/user/clients (owners): the client list machine for this visit, started from the address and
 * writing its query back to it. With `readOnly`: another franchise's list (the demo), without
 * creation or links to the clients.
 */
export function ClientListContainer({ readOnly }: { readOnly?: ReadOnlyClients } = {}) {
  const effects = useAppEffects()
  const provided = useProvided(clientListMachine)
  const session = useSession()
  const search = useSearch()
  const path = readOnly?.path ?? CLIENT_LIST_PATH
  const [machine] = useState(() =>
    provided.provide({
      actors: { watchLocation: watchLocationOf(effects.location, path) },
      actions: {
        writeUrl: (_, p: { search: string; push?: boolean }) =>
          effects.navigate(`${path}${p.search}`, { replace: !p.push }),
        openClient: (_, p: { id: string }) => effects.navigate(clientPath(p.id)),
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  const input = readOnly
    ? {
        location: search ? `?${search}` : '',
        franchiseId: readOnly.demo.franchise.id,
        country: phoneCountry('FRA'),
        storeId: null,
        readOnly: true,
      }
    : {
        location: search ? `?${search}` : '',
        franchiseId: session.franchise?.id ?? null,
        country: phoneCountry(session.franchise?.codeAlpha3 ?? 'FRA'),
        storeId: session.currentStore?.id ?? null,
      }
  return (
    <ClientListContext.Provider logic={machine} options={{ input }}>
      <ConnectedClientList readOnly={readOnly} />
    </ClientListContext.Provider>
  )
}

function ConnectedClientList({ readOnly }: { readOnly?: ReadOnlyClients | undefined }) {
  const session = useSession()
  const view = ClientListContext.useSelector(toClientListView)
  const actor = ClientListContext.useActorRef()
  const formRef = ClientListContext.useSelector(
    (s) => s.children.clientForm as ActorRefFrom<typeof clientFormMachine> | undefined,
  )
  const formView = useSelector(formRef, (s) => (s ? toClientFormView(s) : null))
  return (
    <ClientListPage
      view={view}
      send={actor.send}
      stores={readOnly ? readOnly.demo.stores : session.stores}
      currency={readOnly ? readOnly.demo.franchise.currencyCode : (session.franchise?.currencyCode ?? 'EUR')}
      form={formRef && formView ? { view: formView, send: formRef.send } : null}
    />
  )
}
