// The builder's default actors: src/api calls (aborted through `signal`) and the guard of the page
// while its changes are unsaved.
import { fromPromise } from 'xstate'
import { crmApi } from '../../src/api/crm'
import type { CrmFormAnswer, CrmValueCount } from '../../src/domain/crm-clients'
import { leaveGuard } from '../leave-guard/leave-guard'
import type { DeleteFieldInput, SaveFormInput } from './crm-editor.machine'

export const loadForm = fromPromise<CrmFormAnswer, { franchiseId: string }>(({ input, signal }) =>
  crmApi.form(input.franchiseId, signal),
)

export const saveForm = fromPromise<CrmFormAnswer, SaveFormInput>(({ input, signal }) =>
  crmApi.save(input.franchiseId, { version: input.version, fields: input.fields }, signal),
)

export const countValues = fromPromise<CrmValueCount, { franchiseId: string; localId: string }>(
  ({ input, signal }) => crmApi.valueCount(input.franchiseId, input.localId, signal),
)

export const deleteField = fromPromise<CrmFormAnswer, DeleteFieldInput>(({ input, signal }) =>
  crmApi.deleteField(input.franchiseId, input.localId, input.version, signal),
)

/** While the form is edited: the browser's warning, and the app's links asked as `crm.leave`. */
export const guardLeaving = leaveGuard('crm.leave')
