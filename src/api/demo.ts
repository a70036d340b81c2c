// GET /api/v2/demo as seen from the browser: the demo franchise and its stores, or null when none is
// seeded (404 DEMO_NOT_FOUND).
import { DEMO_NOT_FOUND, DemoFranchise } from '../domain/demo'
import { ApiError, call } from './client'

export const demoApi = {
  franchise: async (signal?: AbortSignal): Promise<DemoFranchise | null> => {
    try {
      return await call('/api/v2/demo', signal ? { signal } : {}, DemoFranchise)
    } catch (error) {
      if (error instanceof ApiError && error.code === DEMO_NOT_FOUND) return null
      throw error
    }
  },
}
