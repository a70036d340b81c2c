import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRANCE, httpGeo, localGeo } from '../../src/server/adapters/geo'
import { startTestApp, type TestApp } from '../support/app'
import { localServer } from '../support/local-server'

// A fake ipapi-style service on 127.0.0.1: /slow/... answers after 3 s, /broken/... with a 500.
const geo = localServer((req, res) => {
  const send = (status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  if (req.url?.startsWith('/slow/'))
    setTimeout(() => send(200, { country_code: 'us', languages: 'en-US,es-US' }), 3000)
  else if (req.url?.startsWith('/broken/')) send(500, { error: true })
  else send(200, { country_code: 'us', languages: 'en-US,es-US', latitude: 40.7, longitude: -74 })
})

describe('geo adapter', () => {
  it('reads languages from the browser by default', async () => {
    expect(await localGeo().locate('1.2.3.4', 'en-US,en;q=0.9')).toMatchObject({
      countryCode: 'US',
      languages: 'en-US,en',
      source: 'local',
    })
    expect(await localGeo().locate('1.2.3.4', undefined)).toEqual(FRANCE)
  })

  it('asks an HTTP service, and falls back to France on failure or after 2 s', async () => {
    expect(await httpGeo(geo.url).locate('8.8.8.8', undefined)).toMatchObject({
      countryCode: 'US',
      languages: 'en-US,es-US',
      source: 'http',
    })
    expect(await httpGeo(`${geo.url}/broken`).locate('8.8.8.8', undefined)).toEqual(FRANCE)
    // The slow service would answer US after 3 s: France proves the 2 s time-out cut it off.
    expect(await httpGeo(`${geo.url}/slow`).locate('8.8.8.8', undefined)).toEqual(FRANCE)
  })
})

describe('geo route', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite')
  })
  afterAll(() => t.close())
  it('answers without a token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/geo/ip',
      headers: { 'accept-language': 'fr-CA,fr;q=0.8' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ countryCode: 'CA', languages: 'fr-CA,fr' })
  })
})
