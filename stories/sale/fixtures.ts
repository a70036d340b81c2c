// Tags for the sale stories (no network).
import type { ManualPointsInfo, Tag, TagDetail } from '../../src/domain/sale'

export const STORE_ID = '22222222-2222-4222-8222-222222222222'
export const FRANCHISE_ID = '11111111-1111-4111-8111-111111111111'
export const NOW = Date.parse('2026-11-21T10:00:25.000Z')
export const INFO: ManualPointsInfo = {
  points: 12,
  amountCents: 1250,
  currencyCode: 'USD',
  injectionDate: '2026-11-21T10:00:00.000Z',
  resetDelay: 180,
}
export const tag = (n: number, info: ManualPointsInfo | null = null): Tag => ({
  id: `33333333-3333-4333-8333-00000000000${n}`,
  tagId: n === 1 ? 'brooklyn-bagels-williamsburg' : `k3x9q2m7p${n}`,
  name: n === 1 ? 'Counter' : `Terrace ${n}`,
  storeId: STORE_ID,
  passages: 42 * n,
  resetDelay: 180,
  manualPointsInfo: info,
})
export const detail = (info: ManualPointsInfo | null): TagDetail => ({
  ...tag(1, info),
  storeName: 'Brooklyn Bagels — Williamsburg',
})
