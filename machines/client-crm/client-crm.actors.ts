// The default actors of a client's registration-form answers: src/api calls, aborted through `signal`.
import { fromPromise } from 'xstate'
import { crmApi } from '../../src/api/crm'
import type { CrmClientValues } from '../../src/domain/crm-clients'
import type { ClientCrmInput, SaveValuesInput } from './client-crm.machine'

export const loadValues = fromPromise<CrmClientValues, ClientCrmInput>(({ input, signal }) =>
  crmApi.values(input.franchiseId, input.clientId, signal),
)

export const saveValues = fromPromise<CrmClientValues, SaveValuesInput>(({ input, signal }) =>
  crmApi.saveValues(input.franchiseId, input.clientId, input.values, signal),
)
