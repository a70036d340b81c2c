// /pages/stores/all (owners): the stores list machine for this visit, started from the address and
// writing its query back to it; saving or deleting a store tells the session to reload its stores.
import { createActorContext, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useSearch } from 'wouter'
import { toStoreEditorView } from '../../../machines/store-editor/store-editor.view'
import { watchLocationOf } from '../../../machines/stores-list/stores-list.actors'
import { storesListMachine } from '../../../machines/stores-list/stores-list.machine'
import { toStoresListView } from '../../../machines/stores-list/stores-list.view'
import { DEFAULT_START_PAGE } from '../../domain/access'
import { phoneCountry } from '../../domain/countries'
import { useAppEffects } from '../../ui/effects/app-effects'
import { useProvided } from '../../ui/machines/provided'
import { useSession, useSessionRef } from '../../ui/session/hooks'
import { SessionContext } from '../../ui/session/SessionContext'
import { useStoreEditorMachine } from './editor'
import { STORE_LIST_PATH } from './paths'
import { StoreListPage } from './StoreListPage'

export const StoresListContext = createActorContext(storesListMachine)

export function StoreListContainer() {
  const effects = useAppEffects()
  const provided = useProvided(storesListMachine)
  const storeEditor = useStoreEditorMachine()
  const session = useSession()
  const sessionRef = useSessionRef()
  const search = useSearch()
  const [machine] = useState(() =>
    provided.provide({
      actors: { watchLocation: watchLocationOf(effects.location, STORE_LIST_PATH), storeEditor },
      actions: {
        writeUrl: (_, p: { search: string }) =>
          effects.navigate(`${STORE_LIST_PATH}${p.search}`, { replace: true }),
        storesChanged: () => sessionRef.send({ type: 'session.reloadStores' }),
        openStartPage: () => effects.navigate(DEFAULT_START_PAGE),
      },
    }),
  )
  const input = {
    location: search ? `?${search}` : '',
    currencyCode: session.franchise?.currencyCode ?? 'EUR',
    country: phoneCountry(session.franchise?.codeAlpha3 ?? 'FRA'),
    // Only a franchise owner creates stores (a registered merchant its first one, §4).
    canCreate:
      session.role === 'FRANCHISE_OWNER' || (session.role === 'REGISTERED' && session.stores.length === 0),
    // A merchant who signed up alone names its franchise with its first store (§4).
    needsFranchise: session.franchise === null,
  }
  return (
    <StoresListContext.Provider logic={machine} options={{ input }}>
      <ConnectedStoreList />
    </StoresListContext.Provider>
  )
}

function ConnectedStoreList() {
  const view = StoresListContext.useSelector(toStoresListView)
  const actor = StoresListContext.useActorRef()
  const categories = SessionContext.useSelector((s) => s.context.account?.categories ?? [])
  const editorView = useSelector(view.editor, (s) => (s ? toStoreEditorView(s) : null))
  return (
    <StoreListPage
      view={view}
      send={actor.send}
      categories={categories}
      editor={view.editor && editorView ? { view: editorView, send: view.editor.send } : null}
    />
  )
}
