// HAProxy for the fleet: Debian's package (installed when missing and we are root, as the e2e set-up
// does for Chromium), its configuration written from deploy/haproxy.cfg, and its runtime socket read
// for which servers it sends requests to.
import { execSync, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export const HAPROXY = process.env.HAPROXY_PATH || 'haproxy'

export function ensureHaproxy(): void {
  if (spawnSync(HAPROXY, ['-v']).status === 0) return
  if (process.getuid?.() !== 0)
    throw new Error(
      'HAProxy is missing: install it with "sudo apt-get install -y haproxy" (or set HAPROXY_PATH).',
    )
  console.log('Installing Debian’s haproxy package for the fleet…')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy', {
    stdio: 'inherit',
  })
}

export type BalancerPlan = {
  port: number
  host: string
  socket: string
  servers: { name: string; port: number }[]
}

/** deploy/haproxy.cfg with the fleet's port, socket and servers. */
export function haproxyConfig(template: string, plan: BalancerPlan): string {
  const begin = template.indexOf('# BEGIN servers')
  const end = template.indexOf('# END servers')
  if (begin < 0 || end < 0)
    throw new Error('deploy/haproxy.cfg has no "# BEGIN servers … # END servers" block')
  const indent = template.slice(template.lastIndexOf('\n', begin) + 1, begin)
  const servers = plan.servers.map((s) => `${indent}server ${s.name} 127.0.0.1:${s.port} check`).join('\n')
  return `${template.slice(0, begin)}# BEGIN servers\n${servers}\n${indent}${template.slice(end)}`
    .replace(/^(\s*bind )\S+/m, `$1${plan.host}:${plan.port}`)
    .replace(/^(\s*stats socket )\S+/m, `$1${plan.socket}`)
}

export const templatePath = (root: string) => path.join(root, 'deploy', 'haproxy.cfg')
export const readTemplate = (root: string) => readFileSync(templatePath(root), 'utf8')

/** Each server's state as HAProxy sees it (UP, DOWN, MAINT…), from `show stat` on its socket. */
export function serverStates(socket: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    let out = ''
    const conn = net.createConnection(socket, () => conn.end('show stat\n'))
    conn.on('data', (d) => (out += d))
    conn.on('error', reject)
    conn.on('end', () => {
      const [head, ...rows] = out.replace(/^# /, '').trim().split('\n')
      const cols = (head ?? '').split(',')
      const [px, sv, st] = ['pxname', 'svname', 'status'].map((c) => cols.indexOf(c))
      const states = new Map<string, string>()
      for (const row of rows) {
        const f = row.split(',')
        if (f[px!] === 'web' && f[sv!] !== 'BACKEND') states.set(f[sv!]!, f[st!]!.split(' ')[0]!)
      }
      resolve(states)
    })
  })
}

/** Puts a server of the `web` backend in maintenance (no traffic) or back (`ready`) through the socket. */
export function setServerState(socket: string, server: string, state: 'ready' | 'maint'): Promise<void> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(socket, () => conn.end(`set server web/${server} state ${state}\n`))
    conn.on('data', () => {})
    conn.on('error', reject)
    conn.on('end', () => resolve())
  })
}
