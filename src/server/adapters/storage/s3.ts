// An S3-compatible bucket (AWS S3, MinIO, Scaleway, OVH, R2 …): PUT {endpoint}/{bucket}/{kind}/{name}
// path-style, signed with AWS Signature V4 (aws4) including the payload's SHA-256, public-read as
// SPEC §7 says ("images also go directly to a cloud storage bucket with public-read"). The browser then
// loads the object from STORAGE_PUBLIC_URL (the bucket, or a CDN in front of it).
import aws4 from 'aws4'
import { AppError } from '../../errors'
import type { Storage, StorageConfig } from './types'

export const STORAGE_TIMEOUT_MS = 20_000

type S3Config = NonNullable<StorageConfig['s3']>

/** A failed bucket call: a 502 for the client, the cause kept for the server log. */
function storageError(message: string, cause?: unknown): AppError {
  return Object.assign(new AppError(502, 'STORAGE_ERROR', message), { cause })
}

/** The bucket's public base URL (objects are read there). */
export const s3PublicUrl = (s3: S3Config) =>
  (s3.publicUrl || `${s3.endpoint.replace(/\/$/, '')}/${s3.bucket}`).replace(/\/$/, '')

export function s3Storage(config: S3Config, timeoutMs = STORAGE_TIMEOUT_MS): Storage {
  const endpoint = new URL(config.endpoint)
  const base = endpoint.pathname.replace(/\/$/, '')
  const publicUrl = s3PublicUrl(config)
  return {
    kind: 's3',

    async put(kind, name, bytes, contentType) {
      const key = `${kind}/${name}`
      const signed = aws4.sign(
        {
          host: endpoint.host,
          path: `${base}/${encodeURIComponent(config.bucket)}/${key}`,
          method: 'PUT',
          service: 's3',
          region: config.region,
          body: bytes,
          headers: {
            'Content-Type': contentType,
            'Content-Length': String(bytes.length),
            // Names are random and never reused, so the object never changes.
            'Cache-Control': 'public, max-age=31536000, immutable',
            'x-amz-acl': 'public-read',
          },
        },
        { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      )
      let res: Response
      try {
        res = await fetch(`${endpoint.protocol}//${endpoint.host}${signed.path}`, {
          method: 'PUT',
          headers: signed.headers as Record<string, string>,
          body: new Uint8Array(bytes),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (err) {
        throw storageError('The file storage could not be reached', err)
      }
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 500)
        throw storageError(`The file storage refused the file (HTTP ${res.status})`, new Error(detail))
      }
      return { url: `${publicUrl}/${key}` }
    },
  }
}
