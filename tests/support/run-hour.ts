// A test run's mark: the UTC hour it started (yyyymmddhh). The Vitest config sets it once for every
// process of the run (LB_TEST_RUN_HOUR); the demo template is keyed by it (database.ts demoKey).
export const hourStamp = (time: Date) => time.toISOString().slice(0, 13).replace(/\D/g, '')
