import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { prefetchAllPages } from '../../src/routes/pages'
import { loadAllMessages } from '../../src/ui/i18n/messages'
import { resetBrowser } from './fresh-browser'

// The pages and each language's messages load on first use (React.lazy, import()). In the browser a chunk arrives in milliseconds;
// here the first import transforms the area's sources, which on a busy machine outlasts the queries'
// timeout: load them once before the tests, so a visit waits only for React to resume.
beforeAll(() => Promise.all([prefetchAllPages(), loadAllMessages()]), 120_000)
// React resumes a lazy page in a later task; on a loaded two-core machine the first one of a file can
// take over a second (the default wait of findBy…).
configure({ asyncUtilTimeout: 5000 })

afterEach(() => cleanup())
// One jsdom serves a worker's files (isolate: false): each test starts from a fresh browser, whatever
// the test before it, in this file or another, stored (tests/ui/fresh-browser.test.tsx).
beforeEach(() => resetBrowser())

// The chart chunk, for every file: ECharts itself is drawn in the e2e test. Here, one stand-in that lists
// its series. Chart.tsx keeps the chunk its lazy import first resolved, and a worker's files share
// modules: when files mocked it each their own way, the first file's stand-in served the next ones
// (the demo's empty chart reached analytics.test.tsx, whose chart then had no text).
vi.mock('../../src/features/analytics/EChart', () => import('./echart-stand-in'))
