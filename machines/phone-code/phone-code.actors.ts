// The phone-code step's calls: each public page proves a phone through its own routes (the scan page's
// tag, the landing page's slug, the game's id); `via` names the page, and the language the code's SMS
// is written in.
import { fromPromise } from 'xstate'
import { landingApi } from '../../src/api/emarketing'
import { gamePlayApi } from '../../src/api/game-play'
import { scanApi } from '../../src/api/scan'
import type { ConfirmCodeInput, ConfirmCodeOutput, SendCodeInput, SendCodeOutput } from './phone-code.machine'

export const sendCode = fromPromise<SendCodeOutput, SendCodeInput>(({ input: { phone, via }, signal }) => {
  const body = { phone, language: via.language }
  switch (via.kind) {
    case 'scan':
      return scanApi.sendCode(via.id, body, signal)
    case 'landing':
      return landingApi.sendCode(via.id, body, signal)
    case 'game':
      return gamePlayApi.sendCode(via.id, body, signal)
  }
})

export const confirmCode = fromPromise<ConfirmCodeOutput, ConfirmCodeInput>(
  async ({ input: { phone, code, via }, signal }) => {
    switch (via.kind) {
      case 'scan': {
        const r = await scanApi.confirmCode(via.id, { phone, code }, signal)
        // The proof is the cookie the server set (it remembers the device); the page only needs to
        // know it is done.
        return { proof: 'cookie', expiresAt: r.expiresAt }
      }
      case 'landing':
        return landingApi.confirmCode(via.id, phone, code, signal)
      case 'game':
        return gamePlayApi.confirmCode(via.id, phone, code, signal)
    }
  },
)
