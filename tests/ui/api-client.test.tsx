// The browser's call (src/api/client.ts): an aborted call never settles (its actor is gone), any other
// failure rejects with an ApiError.
import { describe, expect, it } from 'vitest'
import { ApiError, call } from '../../src/api/client'

const settledWithin = (p: Promise<unknown>, ms: number) =>
  Promise.race([
    p.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((r) => setTimeout(() => r('pending'), ms)),
  ])

// Port 9 (discard) on the loopback: refused at once on this machine, no server needed.
const NOWHERE = 'http://127.0.0.1:9/api/nothing'

describe('call', () => {
  it('never settles once its caller aborted it', async () => {
    const controller = new AbortController()
    const pending = call(NOWHERE, { anonymous: true, signal: controller.signal })
    controller.abort()
    expect(await settledWithin(pending, 300)).toBe('pending')
  })
  it('rejects with an ApiError when the request fails and nobody aborted it', async () => {
    const failing = call(NOWHERE, { anonymous: true, signal: new AbortController().signal })
    await expect(failing).rejects.toBeInstanceOf(ApiError)
    await expect(call(NOWHERE, { anonymous: true })).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
  })
})
