// Image uploads from the browser (SPEC §7 "Files"): POST /aws/file/{kind} with the file in the
// multipart field `fileb`, through the same client as every call (token, 401 → logout, ApiError).
// Machines call this from an actor; components only render ImageUpload.
import { UPLOAD_FIELD, type UploadKind, UploadReply } from '../domain/files'
import { call } from './client'

/** Uploads can be slow on a shop's mobile connection: 60 s, the longest time-out of §7. */
const UPLOAD_TIMEOUT = 60_000

export function uploadFile(kind: UploadKind, file: File, signal?: AbortSignal): Promise<{ url: string }> {
  const form = new FormData()
  form.append(UPLOAD_FIELD, file, file.name)
  // The browser sets the multipart content type (with its boundary) for a FormData body.
  return call(
    `/aws/file/${kind}`,
    { method: 'POST', body: form, timeout: UPLOAD_TIMEOUT, ...(signal ? { signal } : {}) },
    UploadReply,
  )
}

export { uploadErrorMessage } from '../domain/files'
