// The default actor of the demo pages: GET /api/v2/demo (null when none is seeded), aborted through
// `signal` when the page closes.
import { fromPromise } from 'xstate'
import { demoApi } from '../../src/api/demo'
import type { DemoFranchise } from '../../src/domain/demo'

export const loadDemo = fromPromise<DemoFranchise | null>(({ signal }) => demoApi.franchise(signal))
