// A server's clock that an e2e test controls (`node --import ./tests/support/controlled-clock.mjs`):
// `new Date()` and `Date.now()` are shifted by the milliseconds written in CLOCK_OFFSET_FILE, read at
// start and again on SIGUSR2 (see moveClock in clock-control.ts). Everything time-driven in the server
// reads that clock: pg-boss's cron ticks, the jobs, and PGlite's now() (its wasm build calls
// Date.now()), so a daily job runs "at 10:15" through its real schedule without a test-only route.
import { readFileSync } from 'node:fs'

const file = process.env.CLOCK_OFFSET_FILE
if (!file) throw new Error('controlled-clock: CLOCK_OFFSET_FILE is not set')
const read = () => Number(readFileSync(file, 'utf8')) || 0
let offset = read()
process.on('SIGUSR2', () => {
  offset = read()
})

const RealDate = Date
const realNow = RealDate.now.bind(RealDate)
const now = () => realNow() + offset
// A proxy, not a subclass: the dates made are real Dates, and `Date()` called bare still works.
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) =>
    args.length === 0
      ? Reflect.construct(target, [now()], newTarget)
      : Reflect.construct(target, args, newTarget),
  apply: () => new RealDate(now()).toString(),
  get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
})
