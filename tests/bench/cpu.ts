// Where a benchmark's CPU goes, read from Linux's /proc between two samples: the server process,
// PostgreSQL's processes (backends, WAL writer, checkpointer…), named processes (wrk, pgbench), the
// kernel's own threads, and what the machine left idle or had stolen by its hypervisor.
import { readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100

type Proc = { comm: string; ticks: number }
export type CpuSample = { procs: Map<number, Proc>; stat: number[] }

function readProc(pid: number): Proc | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ')
    return {
      comm: raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')')),
      ticks: Number(fields[11]) + Number(fields[12]),
    }
  } catch {
    return null
  }
}

/** A sample, or null where /proc is not there (the report then leaves the split out). */
export function sampleCpu(): CpuSample | null {
  try {
    const procs = new Map<number, Proc>()
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const p = readProc(Number(entry))
      if (p) procs.set(Number(entry), p)
    }
    const stat = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number)
    return { procs, stat }
  } catch {
    return null
  }
}

export type CpuSplit = Record<'server' | 'postgres' | 'kernel' | 'idle' | 'steal', number> &
  Record<string, number>

/**
 * Milliseconds of CPU per unit of work (`units`: moves, transactions) between two samples. A
 * process that ended between them is not counted: sample while the work runs.
 */
export function cpuPerUnit(
  a: CpuSample | null,
  b: CpuSample | null,
  units: number,
  opts: { serverPid?: number; named?: string[] } = {},
): CpuSplit | null {
  if (!a || !b || units <= 0) return null
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND / units
  const split: Record<string, number> = { ...(opts.serverPid ? { server: 0 } : {}), postgres: 0, kernel: 0 }
  for (const name of opts.named ?? []) split[name] = 0
  for (const [pid, p] of b.procs) {
    const used = p.ticks - (a.procs.get(pid)?.ticks ?? 0)
    if (used <= 0) continue
    const key =
      pid === opts.serverPid
        ? 'server'
        : p.comm.startsWith('postgres')
          ? 'postgres'
          : /^(kworker|ksoftirqd|rcu_)/.test(p.comm)
            ? 'kernel'
            : (opts.named ?? []).find((n) => p.comm.startsWith(n))
    if (key) split[key] = (split[key] ?? 0) + ms(used)
  }
  const d = b.stat.map((v, i) => v - (a.stat[i] ?? 0))
  split.idle = ms((d[3] ?? 0) + (d[4] ?? 0))
  split.steal = ms(d[7] ?? 0)
  return split as CpuSplit
}

export const formatSplit = (s: CpuSplit | null) =>
  s
    ? Object.entries(s)
        .map(([k, v]) => `${k} ${v.toFixed(2)}`)
        .join(' · ')
    : 'not measured (no /proc)'
