// The store screens' machines with the app's real actors (src/api) and effects. Tests and stories hand
// their own (the same machines with a fake back end) through StoresLogicContext.
import { createContext, useContext } from 'react'
import {
  deleteStore,
  findCities,
  loadStore,
  saveStore,
  uploadImage,
} from '../../../machines/store-editor/store-editor.actors'
import { storeEditorMachine } from '../../../machines/store-editor/store-editor.machine'
import {
  browserLocation,
  type LocationSource,
  loadStores,
} from '../../../machines/stores-list/stores-list.actors'
import { storesListMachine } from '../../../machines/stores-list/stores-list.machine'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type StoresLogic = {
  storesList: typeof storesListMachine
  storeEditor: typeof storeEditorMachine
  location: LocationSource
  notify: (level: 'success' | 'error', id: string) => void
}

const toast = (level: 'success' | 'error', id: string) => notify[level](id as MessageId)
const storeEditor = storeEditorMachine.provide({
  actors: { loadStore, saveStore, deleteStore, uploadImage, findCities },
  actions: { notify: (_, p: { level: 'success' | 'error'; id: string }) => toast(p.level, p.id) },
})

export const appStoresLogic: StoresLogic = {
  storesList: storesListMachine.provide({ actors: { loadStores, storeEditor } }),
  storeEditor,
  location: browserLocation,
  notify: toast,
}

export const StoresLogicContext = createContext<StoresLogic>(appStoresLogic)
export const useStoresLogic = () => useContext(StoresLogicContext)

export const STORE_LIST_PATH = '/pages/stores/all'
export const storePath = (id: string) => `/pages/stores/${id}`
