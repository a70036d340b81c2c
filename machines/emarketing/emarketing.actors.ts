// The e-marketing screen's default actors: the §7 calls (src/api/emarketing.ts) and the logo upload.
import { fromPromise } from 'xstate'
import { emarketingApi } from '../../src/api/emarketing'
import { uploadFile } from '../../src/api/files'
import type { Availability, Emarketing, EmarketingInput } from '../../src/domain/emarketing'

export const emarketingActors = {
  // null: "not set up yet" (§8), answered 200 by the server, no error.
  loadEmarketing: fromPromise<Emarketing | null, { userId: string }>(({ input, signal }) =>
    emarketingApi.ofUser(input.userId, signal),
  ),
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
