// Image uploads through the local storage (POST /aws/file/{kind}) and serving them back (GET /files/…):
// real type from the bytes, size limit, missing field, authentication, and no way out of the folder.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from '../../src/domain/files'
import { testConfig } from '../../src/server/config'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

// The smallest real images of each type (a 1×1 PNG, JPEG, GIF and a WebP header).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9])
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L')])
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')

type Part = { field: string; filename?: string; type?: string; data: Buffer | string }

/** A multipart/form-data body, as a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename ? `; filename="${p.filename}"` : ''}`
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const image = (data: Buffer, type = 'image/png', filename = 'photo.png') =>
  multipart([{ field: 'fileb', filename, type, data }])

describe.each(databaseKinds())('file uploads on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  const dir = mkdtempSync(path.join(os.tmpdir(), 'files-test-'))

  const upload = (url: string, body: ReturnType<typeof multipart>, token: string | null = owner) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    })

  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: true,
      config: { adapters: { ...testConfig().adapters, storage: { dir } } },
    })
    ;[owner, storeOwner] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string]
  })
  afterAll(async () => {
    await t?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('stores an image under a random name and serves it back with its type and cache headers', async () => {
    const res = await upload('/aws/file/loyalty', image(PNG))
    expect(res.statusCode).toBe(200)
    const { url } = res.json()
    expect(url).toMatch(/^\/files\/loyalty\/[0-9a-f]{32}\.png$/)
    expect(readdirSync(path.join(dir, 'loyalty'))).toContain(url.split('/').pop())

    const file = await t.app.inject({ method: 'GET', url })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.headers['cache-control']).toContain('immutable')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.rawPayload.equals(PNG)).toBe(true)

    // Two uploads of the same bytes never share a name.
    const again = await upload('/aws/file/loyalty', image(PNG))
    expect(again.json().url).not.toBe(url)
  })

  it('names the file after its real type, not the declared one', async () => {
    const cases: [Buffer, string][] = [
      [JPEG, 'jpg'],
      [GIF, 'gif'],
      [WEBP, 'webp'],
    ]
    for (const [data, ext] of cases) {
      const res = await upload('/aws/file/store', image(data, 'image/png', 'lies.png'))
      expect(res.statusCode).toBe(200)
      expect(res.json().url).toMatch(new RegExp(`^/files/store/[0-9a-f]{32}\\.${ext}$`))
      const served = await t.app.inject({ method: 'GET', url: res.json().url })
      expect(served.headers['content-type']).toBe(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`)
    }
  })

  it('accepts every kind for any merchant, the token in the query too (SPEC §7)', async () => {
    for (const k of ['franchise', 'profile']) {
      const res = await upload(`/aws/file/${k}`, image(PNG), storeOwner)
      expect(res.statusCode).toBe(200)
      expect(res.json().url).toMatch(new RegExp(`^/files/${k}/`))
    }
    const body = image(PNG)
    const res = await t.app.inject({
      method: 'POST',
      url: `/aws/file/loyalty?access_token=${owner}`,
      payload: body.payload,
      headers: body.headers,
    })
    expect(res.statusCode).toBe(200)
  })

  it('refuses what is not a raster image, whatever it claims to be', async () => {
    for (const [data, type, name] of [
      [Buffer.from('just some text'), 'image/png', 'fake.png'],
      [SVG, 'image/svg+xml', 'logo.svg'],
      [Buffer.from('%PDF-1.7'), 'application/pdf', 'doc.pdf'],
    ] as const) {
      const res = await upload('/aws/file/loyalty', image(data, type, name))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', details: { field: 'fileb' } })
    }
  })

  it('refuses a file over 5 MB with 413 FILE_TOO_LARGE and keeps nothing of it', async () => {
    const before = readdirSync(path.join(dir, 'loyalty')).length
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)])
    const res = await upload('/aws/file/loyalty', image(big))
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', details: { maxBytes: MAX_UPLOAD_BYTES } })
    expect(readdirSync(path.join(dir, 'loyalty')).length).toBe(before)
    // Exactly the limit is fine.
    const edge = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES - PNG.length)])
    expect((await upload('/aws/file/loyalty', image(edge))).statusCode).toBe(200)
  })

  it('answers 400 naming fileb when the file field is missing or empty', async () => {
    const bodies = [
      multipart([{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }]),
      multipart([{ field: 'fileb', data: 'not a file' }]),
      multipart([{ field: 'fileb', filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) }]),
    ]
    for (const body of bodies) {
      const res = await upload('/aws/file/loyalty', body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'FILE_REQUIRED', details: { field: 'fileb' } })
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/aws/file/loyalty',
      payload: { fileb: 'x' },
      headers: bearer(owner),
    })
    expect(json.statusCode).toBe(400)
    expect(json.json()).toMatchObject({ code: 'FILE_REQUIRED', details: { field: 'fileb' } })
  })

  it('refuses two files at once', async () => {
    const body = multipart([
      { field: 'fileb', filename: 'a.png', type: 'image/png', data: PNG },
      { field: 'fileb', filename: 'b.png', type: 'image/png', data: PNG },
    ])
    const res = await upload('/aws/file/loyalty', body)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('TOO_MANY_PARTS')
  })

  it('answers 400 naming kind for an unknown kind', async () => {
    const res = await upload('/aws/file/secrets', image(PNG))
    expect(res.statusCode).toBe(400)
    expect(res.json().details.field).toBe('kind')
  })

  it('wants a signed-in merchant', async () => {
    const res = await upload('/aws/file/loyalty', image(PNG), null)
    expect(res.statusCode).toBe(401)
    const bad = await upload('/aws/file/loyalty', image(PNG), 'not-a-token')
    expect(bad.statusCode).toBe(401)
  })

  it('serves only stored names: no listing, no other folder, no way out of it', async () => {
    const { url } = (await upload('/aws/file/profile', image(PNG))).json()
    const name = url.split('/').pop()
    for (const path of [
      '/files/profile',
      '/files/profile/',
      `/files/secrets/${name}`,
      `/files/loyalty/${name}`,
      '/files/profile/..%2F..%2Fpackage.json',
      '/files/profile/%2E%2E%2Fpackage.json',
      '/files/profile/0123456789abcdef0123456789abcdef.png',
      `/files/profile/${name}.txt`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path })
      expect(res.statusCode, path).toBe(404)
      expect(res.headers['content-type'], path).toContain('application/json')
    }
  })

  it('allows same-origin images in the CSP of every page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob:/)
  })
})
