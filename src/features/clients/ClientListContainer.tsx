import { createActorContext, useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { useSearch } from 'wouter'
import type { ActorRefFrom } from 'xstate'
import type { clientFormMachine } from '../../../machines/client-form/client-form.machine'
import { toClientFormView } from '../../../machines/client-form/client-form.view'
import {
  type ClientCreateInput,
  clientCreateMachine,
} from '../../../machines/client-list/client-create.machine'
import { watchLocationOf } from '../../../machines/client-list/client-list.actors'
import {
  type ClientListParams,
  clientListMachine,
  toClientListView,
} from '../../../machines/client-list/client-list.list'
import { phoneCountry } from '../../domain/countries'
import type { DemoFranchise } from '../../domain/demo'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { ClientListPage } from './ClientListPage'
import { CLIENT_LIST_PATH, clientPath } from './paths'

export const ClientListContext = createActorContext(clientListMachine)
export const ClientCreateContext = createActorContext(clientCreateMachine)

/** A franchise the user may only read (the demo, issue 8), shown at its own address. */
export type ReadOnlyClients = { demo: DemoFranchise; path: string }

/**
 * /pages/user/clients (owners): the client list machine for this visit, started from the address and
 * writing its query back to it, and the create dialog beside it. With `readOnly`: another franchise's
 * list (the demo), without creation or links to the clients.
 */
export function ClientListContainer({ readOnly }: { readOnly?: ReadOnlyClients } = {}) {
  const session = useSession()
  const path = readOnly?.path ?? CLIENT_LIST_PATH
  const franchiseId = readOnly ? readOnly.demo.franchise.id : (session.franchise?.id ?? null)
  return (
    <ClientListScope
      path={path}
      urlOf={(search) => `${path}${search}`}
      push
      params={{ franchiseId, readOnly: !!readOnly, modelId: null }}
      create={{
        franchiseId,
        readOnly: !!readOnly,
        country: phoneCountry(readOnly ? 'FRA' : (session.franchise?.codeAlpha3 ?? 'FRA')),
        storeId: readOnly ? null : (session.currentStore?.id ?? null),
      }}
    >
      <ConnectedClientList
        stores={readOnly ? readOnly.demo.stores : session.stores}
        currency={
          readOnly ? readOnly.demo.franchise.currencyCode : (session.franchise?.currencyCode ?? 'EUR')
        }
      />
    </ClientListScope>
  )
}

/**
 * The client list's machines for a page: the list (its query in the address at `path`, written through
 * `urlOf`; `push`: each change a history entry) and the create dialog.
 */
export function ClientListScope({
  path,
  urlOf,
  push = false,
  params,
  create,
  children,
}: {
  path: string
  urlOf: (search: string) => string
  push?: boolean
  params: ClientListParams
  create: ClientCreateInput
  children: ReactNode
}) {
  const effects = useAppEffects()
  const providedList = useProvided(clientListMachine)
  const providedCreate = useProvided(clientCreateMachine)
  const search = useSearch()
  const [list] = useState(() =>
    providedList.provide({
      actors: { watchLocation: watchLocationOf(effects.location, path) },
      actions: {
        writeUrl: (_, p: { search: string; push?: boolean }) =>
          effects.navigate(urlOf(p.search), { replace: !(push && p.push) }),
      },
    }),
  )
  const [creator] = useState(() =>
    providedCreate.provide({
      actions: {
        openClient: (_, p: { id: string }) => effects.navigate(clientPath(p.id)),
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  const input = { location: search ? `?${search}` : '', params }
  return (
    <ClientListContext.Provider logic={list} options={{ input }}>
      <ClientCreateContext.Provider logic={creator} options={{ input: create }}>
        {children}
      </ClientCreateContext.Provider>
    </ClientListContext.Provider>
  )
}

/** The client list page on the scope's machines (`embedded`: a section of another page). */
export function ConnectedClientList({
  stores,
  currency,
  embedded,
}: {
  stores: readonly { id: string; name: string }[]
  currency: string
  embedded?: boolean
}) {
  const view = ClientListContext.useSelector(toClientListView)
  const list = ClientListContext.useActorRef()
  const creator = ClientCreateContext.useActorRef()
  const canCreate = ClientCreateContext.useSelector((s) => s.can({ type: 'client.create', search: '' }))
  const formRef = ClientCreateContext.useSelector(
    (s) => s.children.clientForm as ActorRefFrom<typeof clientFormMachine> | undefined,
  )
  const formView = useSelector(formRef, (s) => (s ? toClientFormView(s) : null))
  return (
    <ClientListPage
      {...(embedded ? { embedded } : {})}
      view={view}
      send={list.send}
      stores={stores}
      currency={currency}
      onCreate={canCreate ? () => creator.send({ type: 'client.create', search: view.searchInput }) : null}
      form={formRef && formView ? { view: formView, send: formRef.send } : null}
    />
  )
}
