// The built front end as the server sends it (src/server/plugins/static.ts): the pre-compressed files
// the build writes, chosen by Accept-Encoding, and each page's HTML for the paths a browser opens.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const script = `export const answer = ${JSON.stringify('forty-two '.repeat(500))}\n`
const html = (name: string) => `<!doctype html><title>${name}</title><div id="root"></div>`

/** A dist folder as `npm run build` leaves it: each text file with its .br and .gz. */
function distFolder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'static-'))
  mkdirSync(path.join(dir, 'assets'))
  const files = {
    'index.html': html('back-office'),
    'public.html': html('public'),
    'assets/main-abc123.js': script,
  }
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text)
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text))
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text))
  }
  return dir
}

describe.each(databaseKinds())('static files on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { config: { staticDir: distFolder() } })
  })
  afterAll(() => t.close())

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers })

  it('sends a script brotli- or gzip-encoded as the browser accepts, identity otherwise', async () => {
    const br = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toContain('javascript')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)

    const gz = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['content-type']).toContain('javascript')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)

    const plain = await get('/assets/main-abc123.js', {})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['content-type']).toContain('javascript')
    expect(plain.body).toBe(script)

    for (const res of [br, gz, plain]) {
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding')
      // Hashed names never change: cached for good, whatever the encoding.
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('answers a public page with public.html and any other page with index.html, compressed', async () => {
    const scan = await get('/scan/04A1B2C3?c=123456', { accept: 'text/html', 'accept-encoding': 'br' })
    expect(scan.statusCode).toBe(200)
    expect(scan.headers['content-type']).toContain('text/html')
    expect(scan.headers['content-encoding']).toBe('br')
    expect(scan.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(scan.rawPayload).toString()).toBe(html('public'))
    // A campaign coupon's page (issue 18) is public too.
    expect((await get('/coupon/Ab3_x-Yz09Qw', { accept: 'text/html' })).body).toBe(html('public'))

    const app = await get('/pages/user/clients', { accept: 'text/html' })
    expect(app.headers['content-type']).toContain('text/html')
    expect(app.body).toBe(html('back-office'))
    // /scan alone, or deeper, is no public page.
    for (const url of ['/scan', '/scan/a/b']) {
      expect((await get(url, { accept: 'text/html' })).body).toBe(html('back-office'))
    }
  })
})
