// A webhook receiver on 127.0.0.1 for the webhook tests (tests/server/webhooks*.test.ts): it records
// every request (headers and raw body, for the standardwebhooks library to verify) and answers 200,
// 500, or never ('hang': the sender's time limit, or a SIGKILL, ends the call). `nextRequest` tells a
// test the moment a request has fully arrived, so a kill can land right then without guessing a delay.
import http from 'node:http'
import { closeLocal, listenLocal } from './local-server'

export type Received = { headers: Record<string, string>; body: string }
export type ReceiverMode = 'ok' | 'fail' | 'hang'

export type WebhookReceiver = {
  /** Its URL (`/hooks` on 127.0.0.1), once `listen` has resolved. */
  readonly url: string
  /** Every request so far, in arrival order (empty it with `received.length = 0`). */
  readonly received: Received[]
  /** How it answers: one mode, or one per request by its index in `received`. */
  mode: ReceiverMode | ((index: number) => ReceiverMode)
  listen(): Promise<void>
  /** Resolves with the next request once its body has arrived (before any answer). */
  nextRequest(): Promise<Received>
  close(): Promise<void>
}

export function webhookReceiver(): WebhookReceiver {
  const received: Received[] = []
  let waiting: ((r: Received) => void)[] = []
  let url = ''
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      const r: Received = { headers: req.headers as Record<string, string>, body }
      const index = received.push(r) - 1
      const mode = typeof receiver.mode === 'function' ? receiver.mode(index) : receiver.mode
      const waiters = waiting
      waiting = []
      for (const w of waiters) w(r)
      if (mode === 'hang') return
      res.writeHead(mode === 'ok' ? 200 : 500).end(mode === 'ok' ? 'ok' : 'boom')
    })
  })
  const receiver: WebhookReceiver = {
    get url() {
      return url
    },
    received,
    mode: 'ok',
    async listen() {
      url = `${await listenLocal(server)}/hooks`
    },
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    async close() {
      await closeLocal(server)
    },
  }
  return receiver
}
