// The ledger benchmark's load generator: wrk (a C program, like pgbench's client), scripted in Lua
// to send the same mix as the Node generator (credits, debits, offer redemptions; a fresh
// Idempotency-Key per request; a share of requests on a few hot clients). Without wrk on PATH the
// benchmark falls back to its Node generator, which takes a larger share of the machine.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export type WrkLoad = {
  base: string
  token: string
  clientIds: string[]
  hotClients: number
  hotShare: number
  offerId: string
  storeId: string
  franchiseId: string
  connections: number
  threads: number
  seconds: number
  /** Part of every Idempotency-Key, so that two runs never replay each other's keys. */
  runId: string
}

export type WrkResult = {
  requests: number
  seconds: number
  statuses: Record<string, number>
  /** Milliseconds. */
  p50: number
  p90: number
  p99: number
  errors: number
}

export async function hasWrk(): Promise<boolean> {
  return run('wrk', ['--version']).then(
    () => true,
    // wrk --version exits 1 after printing its version.
    (e: { stdout?: string; stderr?: string }) => /^wrk /m.test(`${e.stdout ?? ''}${e.stderr ?? ''}`),
  )
}

const lua = (l: WrkLoad) => `
local ids = { ${l.clientIds.map((id) => `"${id}"`).join(',')} }
local hot, hotShare = ${l.hotClients}, ${l.hotShare}
local token, runId = "${l.token}", "${l.runId}"
local offerPath = "/api/v2/loyalties/offers/${l.offerId}/redeem"
local store, franchise = "${l.storeId}", "${l.franchiseId}"
local threads, nextId = {}, 0
function setup(thread)
  thread:set("tid", nextId)
  nextId = nextId + 1
  table.insert(threads, thread)
end
function init(args)
  math.randomseed(os.time() * 1000 + tid)
  counter, statuses = 0, {}
end
function request()
  counter = counter + 1
  local pool = (math.random() < hotShare) and hot or #ids
  local client = ids[math.random(pool)]
  local headers = {
    ["Authorization"] = "Bearer " .. token,
    ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = runId .. "-" .. tid .. "-" .. counter,
  }
  local r = math.random()
  if r < 0.75 then
    local points = (r < 0.5) and 30 or -10
    return wrk.format("PATCH", "/api/v2/loyalties/points", headers,
      '{"userId":"' .. client .. '","merchantId":"' .. franchise .. '","storeId":"' .. store .. '","points":' .. points .. '}')
  end
  return wrk.format("POST", offerPath, headers, '{"userId":"' .. client .. '","storeId":"' .. store .. '"}')
end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
function done(summary, latency, requests)
  local all = {}
  for _, t in ipairs(threads) do
    for s, n in pairs(t:get("statuses")) do all[s] = (all[s] or 0) + n end
  end
  local parts = {}
  for s, n in pairs(all) do table.insert(parts, '"' .. s .. '":' .. n) end
  local e = summary.errors
  io.write(string.format('RESULT {"requests":%d,"micros":%d,"p50":%d,"p90":%d,"p99":%d,"errors":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, table.concat(parts, ",")))
end
`

export async function runWrk(load: WrkLoad): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ledger-wrk-'))
  try {
    const script = path.join(dir, 'ledger.lua')
    writeFileSync(script, lua(load))
    const { stdout } = await run(
      'wrk',
      [
        '-t',
        String(load.threads),
        '-c',
        String(load.connections),
        '-d',
        `${load.seconds}s`,
        '--timeout',
        '10s',
        '-s',
        script,
        load.base,
      ],
      { maxBuffer: 1 << 24 },
    )
    const line = stdout.split('\n').find((l) => l.startsWith('RESULT '))
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`)
    const r = JSON.parse(line.slice(7)) as {
      requests: number
      micros: number
      p50: number
      p90: number
      p99: number
      errors: number
      statuses: Record<string, number>
    }
    return {
      requests: r.requests,
      seconds: r.micros / 1e6,
      statuses: r.statuses,
      p50: r.p50 / 1000,
      p90: r.p90 / 1000,
      p99: r.p99 / 1000,
      errors: r.errors,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
