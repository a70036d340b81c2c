// Fake outside services (providers, buckets, webhook receivers) listen on 127.0.0.1 on a free port:
// one way to start and stop them, so a test file's fake is always gone with the file.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'

/** Starts `server` on 127.0.0.1 and answers its base URL, `http://127.0.0.1:<port>`. */
export async function listenLocal(server: http.Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Stops `server`, open connections too (a fake that holds a request would keep it up). */
export async function closeLocal(server: http.Server): Promise<void> {
  server.closeAllConnections()
  await new Promise((r) => server.close(r))
}

/**
 * A fake for the whole test file (or describe block): listening before its tests, closed after them.
 * `url` is the base URL once the tests run.
 */
export function localServer(handler: http.RequestListener): { readonly url: string } {
  const server = http.createServer(handler)
  let url = ''
  beforeAll(async () => {
    url = await listenLocal(server)
  })
  afterAll(() => closeLocal(server))
  return {
    get url() {
      return url
    },
  }
}
