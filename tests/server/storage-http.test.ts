// The S3-compatible storage against a fake bucket on 127.0.0.1 that checks the AWS Signature V4 of
// every request on its own (node:crypto, not the signing library), stores objects and serves them.
import { createHash, createHmac } from 'node:crypto'
import type http from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createStorage, s3Storage } from '../../src/server/adapters/storage'
import { loadConfig, testConfig } from '../../src/server/config'
import { AppError } from '../../src/server/errors'
import { contentSecurityPolicyFor } from '../../src/server/plugins/security'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { localServer } from '../support/local-server'

const KEY_ID = 'AKIDTESTFAKE'
const SECRET = 'test-secret-key'
const REGION = 'eu-west-3'
const BUCKET = 'loyalty-images'
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()

type Stored = { body: Buffer; headers: http.IncomingHttpHeaders }
type Verdict = { ok: true } | { ok: false; why: string }

/** SigV4 as S3 checks it: canonical request → string to sign → key derived from the secret. */
function verify(req: http.IncomingMessage, body: Buffer, secret = SECRET): Verdict {
  const auth = req.headers.authorization ?? ''
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    )
  if (!m) return { ok: false, why: `bad authorization header: ${auth}` }
  const [, keyId, day, region, signedHeaders, signature] = m as unknown as string[]
  if (keyId !== KEY_ID) return { ok: false, why: 'unknown key id' }
  const amzDate = String(req.headers['x-amz-date'] ?? '')
  if (!amzDate.startsWith(day!)) return { ok: false, why: 'x-amz-date missing or not the credential day' }
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
  if (payloadHash !== sha256(body)) return { ok: false, why: 'x-amz-content-sha256 does not match the body' }
  const names = signedHeaders!.split(';')
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256', 'content-type'])
    if (!names.includes(required)) return { ok: false, why: `${required} is not signed` }
  const url = new URL(req.url!, 'http://x')
  const canonical = [
    req.method,
    url.pathname,
    url.search.slice(1),
    ...names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n')
  const scope = `${day}/${region}/s3/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), 's3'), 'aws4_request')
  const expected = createHmac('sha256', key).update(toSign).digest('hex')
  return expected === signature ? { ok: true } : { ok: false, why: 'signature does not match' }
}

// The fake bucket: signed PUTs store the object, GETs (public-read) serve it.
const objects = new Map<string, Stored>()
const refusals: string[] = []
const bucket = localServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    const body = Buffer.concat(chunks)
    const key = new URL(req.url!, 'http://x').pathname
    if (req.method === 'PUT') {
      const verdict = verify(req, body)
      if (!verdict.ok) {
        refusals.push(verdict.why)
        res.writeHead(403, { 'content-type': 'application/xml' })
        return res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>')
      }
      objects.set(key, { body, headers: req.headers })
      res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` })
      return res.end()
    }
    const found = req.method === 'GET' ? objects.get(key) : undefined
    if (!found) {
      res.writeHead(404)
      return res.end()
    }
    res.writeHead(200, { 'content-type': String(found.headers['content-type']) })
    res.end(found.body)
  })
})
beforeEach(() => {
  objects.clear()
  refusals.length = 0
})

const s3 = (overrides: Record<string, string> = {}) => ({
  endpoint: bucket.url,
  bucket: BUCKET,
  region: REGION,
  accessKeyId: KEY_ID,
  secretAccessKey: SECRET,
  ...overrides,
})
const NAME = '0123456789abcdef0123456789abcdef.png'

describe('storage configuration', () => {
  it('keeps files on disk unless an S3 endpoint is set, and wants the bucket and keys with it', () => {
    expect(createStorage({ dir: '/tmp/x' }).kind).toBe('local')
    expect(createStorage({ dir: '/tmp/x', s3: s3() }).kind).toBe('s3')
    expect(loadConfig({ DATA_DIR: '/srv/data' }).adapters.storage).toEqual({ dir: '/srv/data/files' })
    expect(() => loadConfig({ STORAGE_S3_ENDPOINT: bucket.url, STORAGE_S3_BUCKET: BUCKET })).toThrow(
      /STORAGE_S3_ACCESS_KEY_ID/,
    )
    expect(() => loadConfig({ STORAGE_S3_ENDPOINT: 'ftp://x' })).toThrow(/http/)
    const full = loadConfig({
      STORAGE_S3_ENDPOINT: bucket.url,
      STORAGE_S3_BUCKET: BUCKET,
      STORAGE_S3_ACCESS_KEY_ID: KEY_ID,
      STORAGE_S3_SECRET_ACCESS_KEY: SECRET,
      STORAGE_PUBLIC_URL: 'https://cdn.example.test/images/',
    }).adapters.storage.s3
    expect(full).toMatchObject({ region: 'us-east-1', publicUrl: 'https://cdn.example.test/images/' })
  })

  it('lets the CSP show images from the public URL of the bucket', () => {
    const config = testConfig()
    expect(contentSecurityPolicyFor(config).imgSrc).toEqual(["'self'", 'data:', 'blob:'])
    const withS3 = {
      ...config,
      adapters: {
        ...config.adapters,
        storage: { dir: '', s3: s3({ publicUrl: 'https://cdn.example.test/images' }) },
      },
    }
    expect(contentSecurityPolicyFor(withS3).imgSrc).toContain('https://cdn.example.test')
  })
})

describe('S3 storage', () => {
  it('PUTs the object signed (SigV4 with the payload hash), public-read, and answers its public URL', async () => {
    const { url } = await s3Storage(s3()).put('loyalty', NAME, PNG, 'image/png')
    expect(refusals).toEqual([])
    expect(url).toBe(`${bucket.url}/${BUCKET}/loyalty/${NAME}`)
    const stored = objects.get(`/${BUCKET}/loyalty/${NAME}`)
    expect(stored?.body.equals(PNG)).toBe(true)
    expect(stored?.headers).toMatchObject({ 'content-type': 'image/png', 'x-amz-acl': 'public-read' })
    expect(stored?.headers['cache-control']).toContain('immutable')
    // The object is readable where the URL says.
    const res = await fetch(url)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true)
  })

  it('keeps an endpoint path prefix and answers the configured public URL', async () => {
    const storage = s3Storage(
      s3({ endpoint: `${bucket.url}/s3/`, publicUrl: 'https://cdn.example.test/img/' }),
    )
    const { url } = await storage.put('store', NAME, PNG, 'image/png')
    expect(refusals).toEqual([])
    expect(objects.has(`/s3/${BUCKET}/store/${NAME}`)).toBe(true)
    expect(url).toBe(`https://cdn.example.test/img/store/${NAME}`)
  })

  it('turns a refused signature into a 502 STORAGE_ERROR', async () => {
    const err = await s3Storage(s3({ secretAccessKey: 'wrong' }))
      .put('loyalty', NAME, PNG, 'image/png')
      .catch((e) => e)
    expect(refusals).toEqual(['signature does not match'])
    expect(err).toBeInstanceOf(AppError)
    expect(err).toMatchObject({ statusCode: 502, code: 'STORAGE_ERROR' })
    expect(objects.size).toBe(0)
  })

  it('turns an unreachable bucket into a 502 STORAGE_ERROR', async () => {
    const err = await s3Storage(s3({ endpoint: 'http://127.0.0.1:1' }))
      .put('loyalty', NAME, PNG, 'image/png')
      .catch((e) => e)
    expect(err).toMatchObject({ statusCode: 502, code: 'STORAGE_ERROR' })
  })
})

describe.each(databaseKinds())('uploads to S3 on %s', (kind) => {
  let t: TestApp
  let owner: string
  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: true,
      config: { adapters: { ...testConfig().adapters, storage: { dir: '', s3: s3() } } },
    })
    owner = await loginAs(t.app, 'owner@demo.test')
  })
  afterAll(() => t?.close())

  it('stores the upload in the bucket and answers the bucket URL', async () => {
    const boundary = 'xyz123'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="fileb"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/aws/file/franchise',
      payload,
      headers: { ...bearer(owner), 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    expect(res.statusCode).toBe(200)
    const { url } = res.json()
    expect(url).toMatch(new RegExp(`^${bucket.url}/${BUCKET}/franchise/[0-9a-f]{32}\\.png$`))
    expect(objects.get(new URL(url).pathname)?.body.equals(PNG)).toBe(true)
    // The server keeps no copy and serves none.
    const local = await t.app.inject({ method: 'GET', url: `/files/franchise/${url.split('/').pop()}` })
    expect(local.statusCode).toBe(404)
    // Pages may show the bucket's images.
    expect(res.headers['content-security-policy']).toContain(bucket.url)
  })
})
