// `npm run bench -- <name>…`: runs the named benchmarks (all when none is named) on PostgreSQL
// (DATABASE_URL, or a `loyalty_bench` database on 127.0.0.1) and writes BENCHMARKS.md. `frontend`
// runs Lighthouse on the production build with the embedded database instead.
import { analyticsBench } from './analytics'
import { automationsBench, automationsFleetBench } from './automations'
import { campaignsBench } from './campaigns'
import { clientsBench } from './clients'
import { dispatchBench } from './dispatch'
import { exportsBench } from './exports'
import { fleetBench } from './fleet'
import { firstScreenBench, frontendBench } from './frontend'
import { importBench } from './import'
import { ledgerBench } from './ledger'

const BENCHES: Record<string, () => Promise<void>> = {
  clients: clientsBench,
  ledger: ledgerBench,
  analytics: analyticsBench,
  campaigns: campaignsBench,
  dispatch: dispatchBench,
  automations: automationsBench,
  'automations-fleet': automationsFleetBench,
  frontend: frontendBench,
  'first-screen': firstScreenBench,
  import: importBench,
  export: exportsBench,
  fleet: fleetBench,
}

const names = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const unknown = names.filter((n) => !BENCHES[n])
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`)
  process.exit(2)
}
for (const name of names.length ? names : Object.keys(BENCHES)) await BENCHES[name]!()
