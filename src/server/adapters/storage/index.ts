// File storage (issue 5 "Images": POST /aws/file/{kind}) goes through this adapter. The default keeps
// the files on disk under STORAGE_DIR (DATA_DIR/files) and this server serves them at
// /files/<kind>/<name>; with STORAGE_S3_ENDPOINT set, objects are PUT to an S3-compatible bucket
// (signed with AWS Signature V4) and served by the bucket (or its CDN) at STORAGE_PUBLIC_URL.
import type { Readable } from 'node:stream'
import type { ImageType, UploadKind } from '../../../domain/files'
import { diskStorage } from './local'
import { s3PublicUrl, s3Storage } from './s3'

export { diskStorage, s3Storage }

export type StoredFile = { body: Readable; size: number; contentType: ImageType; modified: Date }

export type Storage = {
  kind: 'local' | 's3'
  /** Stores the bytes under kind/name; answers the URL the browser loads the file from. */
  put(kind: UploadKind, name: string, bytes: Buffer, contentType: ImageType): Promise<{ url: string }>
  /** Local storage only (the bucket serves its own objects): the file, or null when there is none. */
  get?(kind: UploadKind, name: string): Promise<StoredFile | null>
}

export type StorageConfig = {
  /** Folder of the local storage. */
  dir: string
  s3?:
    | {
        endpoint: string
        bucket: string
        region: string
        accessKeyId: string
        secretAccessKey: string
        /** Base URL objects are read from; default `${endpoint}/${bucket}`. */
        publicUrl?: string | undefined
      }
    | undefined
}

/** Where browsers load stored files from when it is not this server (the CSP allows it); else null. */
export const storageOrigin = (config: StorageConfig): string | null =>
  config.s3 ? new URL(s3PublicUrl(config.s3)).origin : null

export function createStorage(config: StorageConfig): Storage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(config.dir)
}
