// The default actors of the franchise page: src/api calls (aborted through `signal` when the page or
// the dialog is left) and the logo upload of the storage adapter.
import { fromPromise } from 'xstate'
import { uploadFile } from '../../src/api/files'
import { franchiseSettingsApi as api } from '../../src/api/franchise-settings'
import type {
  ClientQualification,
  FranchiseDetail,
  FranchisePatch,
  FranchiseTheme,
  SenderValidity,
} from '../../src/domain/franchise-settings'

type Id = { franchiseId: string }

export const loadFranchise = fromPromise<FranchiseDetail, Id>(({ input, signal }) =>
  api.get(input.franchiseId, signal),
)
export const saveFranchise = fromPromise<FranchiseDetail, Id & { patch: FranchisePatch }>(
  ({ input, signal }) => api.update(input.franchiseId, input.patch, signal),
)
export const saveTheme = fromPromise<FranchiseDetail, Id & { theme: FranchiseTheme }>(({ input, signal }) =>
  api.theme(input.franchiseId, input.theme, signal),
)
export const saveQualification = fromPromise<FranchiseDetail, Id & { qualification: ClientQualification }>(
  ({ input, signal }) => api.qualification(input.franchiseId, input.qualification, signal),
)
export const checkSenderId = fromPromise<SenderValidity, { value: string }>(({ input, signal }) =>
  api.senderValidity(input.value, signal),
)
export const saveSenderId = fromPromise<FranchiseDetail, Id & { senderId: string }>(({ input, signal }) =>
  api.senderId(input.franchiseId, input.senderId, signal),
)
export const uploadLogo = fromPromise<{ url: string }, { file: File }>(({ input, signal }) =>
  uploadFile('franchise', input.file, signal),
)

export const franchiseSettingsActors = {
  loadFranchise,
  saveFranchise,
  saveTheme,
  saveQualification,
  checkSenderId,
  saveSenderId,
  uploadLogo,
}
