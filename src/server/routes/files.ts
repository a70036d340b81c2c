// SPEC §7 "Files" and issue 5 "Images": a merchant uploads an image (multipart field `fileb`) for a
// loyalty card or offer, a store, a franchise or a profile; it goes through the storage adapter under
// a random name and the reply is its URL. With the local storage, this server serves the files back.
import type { FastifyInstance } from 'fastify'
import { define, enums, object, string } from 'superstruct'
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_FIELD, UPLOAD_KINDS, UploadReply } from '../../domain/files'
import { describeMedia } from '../openapi/struct-schema'
import { multipartUploads } from '../plugins/multipart'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { boundAdapter } from '../services/bound'
import * as files from '../services/files'

const UploadParams = object({ kind: enums(UPLOAD_KINDS) })
const FileParams = object({ kind: string(), name: string() })
/** A stored image's bytes (not JSON), sent in the type it was stored with. */
const ImageFile = describeMedia(
  define<unknown>('image', () => true),
  'image/*',
  `The image (${Object.keys(IMAGE_TYPES).join(', ')})`,
)

export default async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { storedImage, storeImage } = boundAdapter(app, files, (a) => a.storage)
  // Only these routes (and the imports') read multipart bodies.
  const readUpload = await multipartUploads(app, {
    field: UPLOAD_FIELD,
    maxBytes: MAX_UPLOAD_BYTES,
    fields: 10,
    parts: 12,
  })

  // The multipart body is read by the route: only its params and answer are declared.
  app.post(
    '/aws/file/:kind',
    { ...allow('owner'), schema: { params: UploadParams, response: { 200: UploadReply } } },
    async (request) => {
      const { kind } = request.params
      const { bytes } = await readUpload(request)
      const { url, name, type } = await storeImage(kind, bytes)
      request.log.info({ kind, name, bytes: bytes.length, type }, 'file stored')
      return { url }
    },
  )

  // Public on purpose: images show on the customer scan page and in e-mails; names are 128-bit random.
  app.get(
    '/files/:kind/:name',
    { ...allow('public'), schema: { params: FileParams, response: { 200: ImageFile } } },
    async (request, reply) => {
      const file = await storedImage(request.params.kind, request.params.name)
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
