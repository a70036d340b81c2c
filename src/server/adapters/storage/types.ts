// The file storage adapter's interface (adapters/storage/index.ts picks one).
import type { Readable } from 'node:stream'
import type { ImageType, UploadKind } from '../../../domain/files'

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
