// The e-marketing screen's default actors: the §7 calls (src/api/emarketing.ts) and the logo upload.
import { fromPromise } from 'xstate'
import { ApiError } from '../../src/api/client'
import { emarketingApi } from '../../src/api/emarketing'
import { uploadFile } from '../../src/api/files'
import type { Availability, Emarketing, EmarketingInput } from '../../src/domain/emarketing'

export const emarketingActors = {
  loadEmarketing: fromPromise<Emarketing | null, { userId: string }>(async ({ input, signal }) => {
    try {
      return await emarketingApi.ofUser(input.userId, signal)
    } catch (err) {
      // §8: EMARKETING_NOT_FOUND is "not set up yet", not an error.
      if (err instanceof ApiError && err.code === 'EMARKETING_NOT_FOUND') return null
      throw err
    }
  }),
  checkLink: fromPromise<Availability, { id: string | null; link: string }>(({ input, signal }) =>
    emarketingApi.availability(input.id, input.link, signal),
  ),
  saveEmarketing: fromPromise<Emarketing, { id: string | null; input: EmarketingInput }>(
    ({ input, signal }) =>
      input.id
        ? emarketingApi.update(input.id, input.input, signal)
        : emarketingApi.create(input.input, signal),
  ),
  uploadLogo: fromPromise<{ url: string }, { file: File }>(({ input, signal }) =>
    uploadFile('franchise', input.file, signal),
  ),
}
