// The CRM page's machines with the app's real actors (src/api) and effects. Tests and stories hand their
// own (the same machines with a fake back end) through CrmLogicContext.
import { createContext, useContext } from 'react'
import { listCrmClients } from '../../../machines/crm-clients/crm-clients.actors'
import { crmClientsMachine } from '../../../machines/crm-clients/crm-clients.list'
import {
  countValues,
  deleteField,
  guardLeaving,
  loadForm,
  saveForm,
} from '../../../machines/crm-editor/crm-editor.actors'
import { crmEditorMachine } from '../../../machines/crm-editor/crm-editor.machine'
import { browserLocation, type LocationSource } from '../../../machines/paged-list/paged-list.actors'
import { crmExportHref } from '../../api/crm'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type CrmLogic = {
  editor: typeof crmEditorMachine
  clients: typeof crmClientsMachine
  /** The address the list follows (the browser's; a memory router's in tests). */
  location: LocationSource
  notify: (level: 'success' | 'error', id: string) => void
  /** The CSV export's link for the applied filter. */
  exportHref: typeof crmExportHref
}

export const appCrmLogic: CrmLogic = {
  editor: crmEditorMachine.provide({
    actors: { loadForm, saveForm, countValues, deleteField, guardLeaving },
  }),
  clients: crmClientsMachine.provide({ actors: { loadPage: listCrmClients } }),
  location: browserLocation,
  notify: (level, id) => notify[level](id as MessageId),
  exportHref: crmExportHref,
}

export const CrmLogicContext = createContext<CrmLogic>(appCrmLogic)
export const useCrmLogic = () => useContext(CrmLogicContext)
