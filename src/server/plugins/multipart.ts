// The one way this server reads a multipart upload (image files, client imports): one file in a named
// field, read whole within a size limit. Registered by the routes that take uploads (encapsulated:
// no other route reads multipart bodies), each with its own field and limits; the reader it returns
// turns @fastify/multipart's failures into the API's errors.
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, badRequest } from '../errors'

export type UploadRule = {
  /** The form field holding the file. */
  field: string
  maxBytes: number
  /** Other form fields allowed (text fields are ignored). */
  fields: number
  parts: number
}

/** The uploaded file: its bytes (never empty) and the name the client gave it, if any. */
export type Upload = { fileName: string | null; bytes: Buffer }

/** @fastify/multipart's own limit errors, whatever the path they come through. */
const LIMIT_ERRORS = ['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']

/** Registers multipart reading on `app` (the routes' own scope) and returns the upload reader. */
export async function multipartUploads(
  app: FastifyInstance,
  rule: UploadRule,
): Promise<(request: FastifyRequest) => Promise<Upload>> {
  await app.register(multipart, {
    limits: { fileSize: rule.maxBytes, files: 1, fields: rule.fields, parts: rule.parts, fieldSize: 1024 },
  })
  const { field, maxBytes } = rule
  const fileRequired = () =>
    badRequest('FILE_REQUIRED', `Invalid body: ${field}: a multipart file field is required`, {
      field,
      in: 'body',
    })

  return async (request) => {
    if (!request.isMultipart()) throw fileRequired()
    let upload: Upload | undefined
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue
        // A file under another field name is read to the end and dropped (the stream must drain).
        const bytes = await part.toBuffer()
        if (part.fieldname === field) upload = { fileName: part.filename || null, bytes }
      }
    } catch (err) {
      const code = (err as { code?: string } | null)?.code ?? ''
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${maxBytes / 1024 / 1024} MB`, {
          field,
          maxBytes,
        })
      if (LIMIT_ERRORS.includes(code))
        throw badRequest('TOO_MANY_PARTS', `Invalid body: send one file in the ${field} field`, { field })
      // Anything else the multipart reader throws is the body's fault: no boundary, a broken part.
      if (err instanceof AppError) throw err
      throw badRequest('MULTIPART_INVALID', 'Invalid body: not a readable multipart body', {
        field,
        in: 'body',
      })
    }
    if (!upload?.bytes.length) throw fileRequired()
    return upload
  }
}
