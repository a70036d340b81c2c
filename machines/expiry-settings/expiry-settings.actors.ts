// The default actors of the points expiry section: src/api calls, aborted through `signal`.
import { fromPromise } from 'xstate'
import { expiryApi } from '../../src/api/expiry'
import type { ExpiryPreview, ExpirySettingsResponse } from '../../src/domain/expiry'
import type { PreviewExpiryInput, SaveExpiryInput } from './expiry-settings.machine'

export const loadSettings = fromPromise<ExpirySettingsResponse, { franchiseId: string }>(
  ({ input, signal }) => expiryApi.settings(input.franchiseId, signal),
)
export const saveSettings = fromPromise<ExpirySettingsResponse, SaveExpiryInput>(({ input, signal }) =>
  expiryApi.save(input.franchiseId, input.body, signal),
)
export const previewExpiry = fromPromise<ExpiryPreview, PreviewExpiryInput>(({ input, signal }) =>
  expiryApi.preview(input.franchiseId, input.query, signal),
)
