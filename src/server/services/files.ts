// SPEC §7 "Files" and issue 5 "Images": an uploaded image is stored through the storage adapter under a
// random name, in the type its bytes show (the declared type and file name are the client's word only);
// with the local storage, this server serves the files back.
import { randomBytes } from 'node:crypto'
import { detectImageType, IMAGE_TYPES, UPLOAD_FIELD, UPLOAD_KINDS, type UploadKind } from '../../domain/files'
import type { Storage, StoredFile } from '../adapters/storage'
import { badRequest, notFound } from '../errors'

/** POST /aws/file/:kind: stores the image and answers its URL; a 400 for anything but an image. */
export async function storeImage(storage: Storage, kind: UploadKind, bytes: Buffer) {
  const type = detectImageType(bytes)
  if (!type)
    throw badRequest('FILE_TYPE_NOT_ALLOWED', 'Only PNG, JPEG, WebP and GIF images are accepted', {
      field: UPLOAD_FIELD,
      allowed: Object.keys(IMAGE_TYPES),
    })
  const name = `${randomBytes(16).toString('hex')}.${IMAGE_TYPES[type]}`
  const { url } = await storage.put(kind, name, bytes, type)
  return { url, name, type }
}

/** GET /files/:kind/:name: a stored image, when this server keeps the files (404 otherwise). */
export async function storedImage(storage: Storage, kind: string, name: string): Promise<StoredFile> {
  const file =
    storage.get && (UPLOAD_KINDS as readonly string[]).includes(kind)
      ? await storage.get(kind as UploadKind, name)
      : null
  if (!file) throw notFound('FILE_NOT_FOUND', 'File not found')
  return file
}
