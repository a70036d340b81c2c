// Image uploads (SPEC §7 "Files", issue 5 "Images"): what may be uploaded, how big, and how a stored
// file is named. Shared by the server (the authority: it checks the real bytes) and the browser
// (which refuses an obviously wrong file before sending it).
import { pattern, string, type } from 'superstruct'

/** The folders images go to: loyalty cards and offers, stores, franchises, user profiles. */
export const UPLOAD_KINDS = ['loyalty', 'store', 'franchise', 'profile'] as const
export type UploadKind = (typeof UPLOAD_KINDS)[number]

/** The multipart field the SPEC names for the file. */
export const UPLOAD_FIELD = 'fileb'

/** 5 MB: a phone photo fits; anything bigger is refused (413 FILE_TOO_LARGE). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024

/**
 * Raster images only. SVG is refused on purpose: it can carry scripts, and uploaded files are served
 * from our own origin.
 */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const
export type ImageType = keyof typeof IMAGE_TYPES
export const IMAGE_ACCEPT = Object.keys(IMAGE_TYPES).join(',')

export const isImageType = (value: string): value is ImageType => Object.hasOwn(IMAGE_TYPES, value)

/** Content type of a stored file from its extension (names are ours, so the extension is trusted). */
export function contentTypeOf(name: string): ImageType | null {
  const ext = name.slice(name.lastIndexOf('.') + 1)
  const found = Object.entries(IMAGE_TYPES).find(([, e]) => e === ext)
  return found ? (found[0] as ImageType) : null
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** The image type the bytes really are (magic numbers), whatever the client declared; null if none. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return null
}

/** A stored file's name: 32 random hex digits and the extension of its type. Nothing else is served. */
export const STORED_NAME_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/

/** The reply of POST /aws/file/{kind}. */
export const UploadReply = type({ url: pattern(string(), /^(\/|https?:\/\/)/) })

/** Error codes of the upload route, and the message ids the UI shows for them. */
export const UPLOAD_ERROR_MESSAGES = {
  FILE_TOO_LARGE: 'ui.imageUpload.errors.tooLarge',
  FILE_TYPE_NOT_ALLOWED: 'ui.imageUpload.errors.type',
  FILE_REQUIRED: 'ui.imageUpload.errors.failed',
} as const
export type UploadErrorMessage =
  | (typeof UPLOAD_ERROR_MESSAGES)[keyof typeof UPLOAD_ERROR_MESSAGES]
  | 'ui.imageUpload.errors.failed'

/** The message id to show for a failed upload (an ApiError-like `{ code }` or anything else). */
export function uploadErrorMessage(error: unknown): UploadErrorMessage {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && Object.hasOwn(UPLOAD_ERROR_MESSAGES, code)
    ? UPLOAD_ERROR_MESSAGES[code as keyof typeof UPLOAD_ERROR_MESSAGES]
    : 'ui.imageUpload.errors.failed'
}

/**
 * The browser's early check of a chosen file (the server checks the bytes again): the message id of
 * what is wrong, or null when the file may be sent.
 */
export function checkImageFile(file: { type: string; size: number }): UploadErrorMessage | null {
  if (!isImageType(file.type)) return 'ui.imageUpload.errors.type'
  if (file.size > MAX_UPLOAD_BYTES) return 'ui.imageUpload.errors.tooLarge'
  if (file.size === 0) return 'ui.imageUpload.errors.failed'
  return null
}
