// Games (issue 22; SPEC §7 "Games"): the merchant's calls, checked with the domain's shapes.
import { GameInfo, type GameInput, GamePage, GameParticipantPage, GameRewards } from '../domain/games'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})
const path = (id: string) => `/api/v2/games/${encodeURIComponent(id)}`

export const gamesApi = {
  owned: (q: { page: number; size: number }, signal?: AbortSignal) =>
    call('/api/v2/games/owned', { query: { page: q.page, size: q.size }, ...opt(signal) }, GamePage),
  info: (id: string, signal?: AbortSignal) => call(`${path(id)}/info/owner`, opt(signal), GameInfo),
  rewards: (id: string, includeDisabled: boolean, signal?: AbortSignal) =>
    call(`${path(id)}/rewards`, { query: { includeDisabled }, ...opt(signal) }, GameRewards),
  participants: (id: string, q: { page: number; size: number }, signal?: AbortSignal) =>
    call(`${path(id)}/participants`, { query: q, ...opt(signal) }, GameParticipantPage),
  create: (body: GameInput, signal?: AbortSignal) =>
    call('/api/v2/games', { method: 'POST', body, ...opt(signal) }, GameInfo),
  update: (id: string, body: GameInput, signal?: AbortSignal) =>
    call(path(id), { method: 'PUT', body, ...opt(signal) }, GameInfo),
  setDisabled: (id: string, disabled: boolean, signal?: AbortSignal) =>
    call(`${path(id)}/${disabled ? 'disable' : 'enable'}`, { method: 'PATCH', ...opt(signal) }, GameInfo),
}
