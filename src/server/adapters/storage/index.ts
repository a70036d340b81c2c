// File storage (issue 5 "Images": POST /aws/file/{kind}) goes through this adapter. The default keeps
// the files on disk under STORAGE_DIR (DATA_DIR/files) and this server serves them at
// /files/<kind>/<name>; with STORAGE_S3_ENDPOINT set, objects are PUT to an S3-compatible bucket
// (signed with AWS Signature V4) and served by the bucket (or its CDN) at STORAGE_PUBLIC_URL.
import { diskStorage } from './local'
import { s3PublicUrl, s3Storage } from './s3'
import type { Storage, StorageConfig } from './types'

export type { Storage, StorageConfig, StoredFile } from './types'
export { diskStorage, s3Storage }

/** Where browsers load stored files from when it is not this server (the CSP allows it); else null. */
export const storageOrigin = (config: StorageConfig): string | null =>
  config.s3 ? new URL(s3PublicUrl(config.s3)).origin : null

export function createStorage(config: StorageConfig): Storage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(config.dir)
}
