// SPEC §7 "Files" and issue 5 "Images": a merchant uploads an image (multipart field `fileb`) for a
// loyalty card or offer, a store, a franchise or a profile; it goes through the storage adapter under
// a random name and the reply is its URL. With the local storage, this server serves the files back.
import { randomBytes } from 'node:crypto'
import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { define, enums, object, string } from 'superstruct'
import {
  detectImageType,
  IMAGE_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  UPLOAD_KINDS,
  UploadReply,
} from '../../domain/files'
import { AppError, badRequest, notFound } from '../errors'
import { describeMedia } from '../openapi/struct-schema'
import { allow, type StructTypeProvider } from '../plugins/route-contract'

const UploadParams = object({ kind: enums(UPLOAD_KINDS) })
const FileParams = object({ kind: string(), name: string() })
/** A stored image's bytes (not JSON), sent in the type it was stored with. */
const ImageFile = describeMedia(
  define<unknown>('image', () => true),
  'image/*',
  `The image (${Object.keys(IMAGE_TYPES).join(', ')})`,
)

const fileRequired = () =>
  badRequest('FILE_REQUIRED', `Invalid body: ${UPLOAD_FIELD}: a multipart file field is required`, {
    field: UPLOAD_FIELD,
    in: 'body',
  })
const tooLarge = () =>
  new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`, {
    field: UPLOAD_FIELD,
    maxBytes: MAX_UPLOAD_BYTES,
  })

/** @fastify/multipart's own limit errors, whatever the path they come through. */
const isLimitError = (err: unknown) =>
  ['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'].includes(
    (err as { code?: string } | null)?.code ?? '',
  )

export default async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  // Registered here (encapsulated): only these routes read multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  })

  // The multipart body is read here, part by part: only its params and answer are declared.
  app.post(
    '/aws/file/:kind',
    { ...allow('owner'), schema: { params: UploadParams, response: { 200: UploadReply } } },
    async (request) => {
      const { kind } = request.params
      if (!request.isMultipart()) throw fileRequired()

      let bytes: Buffer | undefined
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue
          // A file under another field name is read to the end and dropped (the stream must drain).
          if (part.fieldname !== UPLOAD_FIELD) await part.toBuffer()
          else bytes = await part.toBuffer()
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
        if (isLimitError(err))
          throw badRequest('TOO_MANY_PARTS', `Invalid body: send one file in the ${UPLOAD_FIELD} field`, {
            field: UPLOAD_FIELD,
          })
        // Anything else the multipart reader throws is the body's fault: no boundary, a broken part.
        if (!(err instanceof AppError))
          throw badRequest('MULTIPART_INVALID', 'Invalid body: not a readable multipart body', {
            field: UPLOAD_FIELD,
            in: 'body',
          })
        throw err
      }
      if (!bytes?.length) throw fileRequired()

      // The real type, from the bytes: the declared type and file name are the client's word only.
      const type = detectImageType(bytes)
      if (!type)
        throw badRequest('FILE_TYPE_NOT_ALLOWED', 'Only PNG, JPEG, WebP and GIF images are accepted', {
          field: UPLOAD_FIELD,
          allowed: Object.keys(IMAGE_TYPES),
        })
      const name = `${randomBytes(16).toString('hex')}.${IMAGE_TYPES[type]}`
      const { url } = await app.adapters.storage.put(kind, name, bytes, type)
      request.log.info({ kind, name, bytes: bytes.length, type }, 'file stored')
      return { url }
    },
  )

  // Public on purpose: images show on the customer scan page and in e-mails; names are 128-bit random.
  app.get(
    '/files/:kind/:name',
    { ...allow('public'), schema: { params: FileParams, response: { 200: ImageFile } } },
    async (request, reply) => {
      const { kind, name } = request.params
      const storage = app.adapters.storage
      const file =
        storage.get && (UPLOAD_KINDS as readonly string[]).includes(kind)
          ? await storage.get(kind as (typeof UPLOAD_KINDS)[number], name)
          : null
      if (!file) throw notFound('FILE_NOT_FOUND', 'File not found')
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('last-modified', file.modified.toUTCString())
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-disposition', 'inline')
          // Public images, like a public-read bucket: other sites (web mail) may show them too.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(file.body)
      )
    },
  )
}
