// N web processes and M job workers behind HAProxy on one port (issue 37 §1), each one
// `src/server/main.ts` with its PROCESS_ROLE. The fleet restarts a process that dies, restarts the web
// processes one at a time on request (the rolling restart), and stops them all gracefully.
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs'
import { type AddressInfo, createServer, type Server } from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { HAPROXY, haproxyConfig, readTemplate, serverStates } from './haproxy'

export type FleetOptions = {
  /** The project's folder (src/server/main.ts, deploy/haproxy.cfg). */
  root: string
  web: number
  workers: number
  /** The balancer's port; 0: a free one. */
  port: number
  databaseUrl: string
  /** Logs, the balancer's configuration and socket. */
  dir: string
  /** Settings every process gets on top of this process's environment. */
  env?: Record<string, string>
  /** How long a stopping web process keeps answering while the balancer takes it out. */
  drainMs?: number
  /** The node arguments that start one process; by default `--import tsx src/server/main.ts`. */
  command?: string[]
}

type Member = {
  name: string
  role: 'web' | 'worker'
  port: number
  child: ChildProcess | undefined
  /** Started or stopped by the fleet itself: its exit is not a crash. */
  expected: boolean
  starts: number
  /**
   * Killed on purpose (`kill`); exits nobody asked for of a process that was ready (a crash of its own);
   * and starts that failed (its database away while it started: the supervisor starts it again).
   */
  kills: number
  crashes: number
  failedStarts: number
  /** The child that passed its readiness check. */
  ready?: ChildProcess | undefined
  killed?: ChildProcess | undefined
  supervising?: boolean
}

/**
 * `count` ports nobody listens on now, on 127.0.0.1 (tests and benches use them too), all different: each
 * is held until every one is known. Taken one at a time, the kernel may hand out the same port twice (a
 * chaos run's balancer got its first web process's port, and could not bind it).
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: Server[] = []
  try {
    for (let i = 0; i < count; i++)
      held.push(
        await new Promise<Server>((resolve, reject) => {
          const s = createServer().listen(0, '127.0.0.1', () => resolve(s))
          s.on('error', reject)
        }),
      )
    return held.map((s) => (s.address() as AddressInfo).port)
  } finally {
    await Promise.all(held.map((s) => new Promise((resolve) => s.close(resolve))))
  }
}

/** A port nobody listens on now, on 127.0.0.1. */
export const freePort = async () => (await freePorts(1))[0]!

export class Fleet {
  readonly members: Member[] = []
  port = 0
  private balancer: ChildProcess | undefined
  private stopping = false
  readonly socket: string

  constructor(private readonly opts: FleetOptions) {
    mkdirSync(path.join(opts.dir, 'logs'), { recursive: true })
    this.socket = path.join(opts.dir, 'haproxy.sock')
  }

  get url() {
    return `http://127.0.0.1:${this.port}`
  }

  /** The first web process migrates and seeds alone; the others start once it is ready. */
  async start(): Promise<void> {
    const ports = await freePorts(this.opts.web + this.opts.workers + 1)
    this.port = this.opts.port || ports.pop()!
    for (let i = 1; i <= this.opts.web; i++) this.members.push(this.member(`web${i}`, 'web', ports.shift()!))
    for (let i = 1; i <= this.opts.workers; i++)
      this.members.push(this.member(`worker${i}`, 'worker', ports.shift()!))
    const [first, ...rest] = this.members
    await this.launch(first!, { SEED: process.env.SEED ?? 'on' })
    await Promise.all(rest.map((m) => this.launch(m, { SEED: 'off' })))
    await this.startBalancer()
    await this.untilBalanced(this.webs().map((m) => m.name))
  }

  webs() {
    return this.members.filter((m) => m.role === 'web')
  }

  /** Every web process in turn: stopped gracefully, started again, back in the balancer, then the next. */
  async rollingRestart(): Promise<void> {
    for (const m of this.webs()) await this.restart(m)
  }

  async restart(m: Member): Promise<void> {
    await this.stopMember(m, 'SIGTERM')
    await this.launch(m, { SEED: 'off' })
    if (m.role === 'web') await this.untilBalanced([m.name])
  }

  /** A signal to one process as a crash would send it: the fleet starts it again. */
  kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): boolean {
    const m = this.members.find((m) => m.name === name)
    if (!m?.child) return false
    m.kills++
    m.killed = m.child
    return m.child.kill(signal)
  }

  async stop(): Promise<void> {
    this.stopping = true
    // Workers first (their jobs go back to the queue), then the web processes, then the balancer.
    await Promise.all(
      this.members.filter((m) => m.role === 'worker').map((m) => this.stopMember(m, 'SIGTERM')),
    )
    await Promise.all(this.webs().map((m) => this.stopMember(m, 'SIGTERM')))
    this.balancer?.kill('SIGTERM')
  }

  private member(name: string, role: Member['role'], port: number): Member {
    return {
      name,
      role,
      port,
      child: undefined,
      expected: true,
      starts: 0,
      kills: 0,
      crashes: 0,
      failedStarts: 0,
    }
  }

  private async launch(m: Member, extra: Record<string, string>): Promise<void> {
    const command = this.opts.command ?? ['--import', 'tsx', 'src/server/main.ts']
    const child = spawn(process.execPath, command, {
      cwd: this.opts.root,
      env: {
        ...process.env,
        ...extra,
        ...this.opts.env,
        DATABASE_URL: this.opts.databaseUrl,
        PROCESS_ROLE: m.role,
        PORT: String(m.port),
        HOST: '127.0.0.1',
        // The balancer is the only peer that may tell a client's address.
        TRUST_PROXY: 'loopback',
        SHUTDOWN_DRAIN_MS: String(m.role === 'web' ? (this.opts.drainMs ?? 1_500) : 0),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    logTo(child, path.join(this.opts.dir, 'logs', `${m.name}.log`))
    m.child = child
    m.expected = false
    m.starts++
    child.once('exit', () => {
      if (m.child !== child) return
      m.child = undefined
      if (m.expected || this.stopping) return
      if (m.killed !== child) {
        if (m.ready === child) m.crashes++
        else m.failedStarts++
      }
      // Not asked for: start it again, as systemd's Restart=always would.
      if (!m.supervising) void this.supervise(m)
    })
    await this.untilReady(m, child)
    m.ready = child
  }

  /** Starts a dead member again after a moment, and again until it stays up (its database may be down). */
  private async supervise(m: Member): Promise<void> {
    m.supervising = true
    try {
      await this.relaunch(m)
    } finally {
      m.supervising = false
    }
  }

  private async relaunch(m: Member): Promise<void> {
    while (!this.stopping && !m.child) {
      await sleep(500)
      if (this.stopping || m.child) return
      try {
        await this.launch(m, { SEED: 'off' })
        return
      } catch {
        // It exited (or hung) while starting: this loop, not its exit handler, tries again.
        const hung = m.child as ChildProcess | undefined
        hung?.kill('SIGKILL')
        m.child = undefined
      }
    }
  }

  private async untilReady(m: Member, child: ChildProcess): Promise<void> {
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${m.name} exited while starting`)
      const ok = await fetch(`http://127.0.0.1:${m.port}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return
      await sleep(200)
    }
    throw new Error(`${m.name} was not ready within 120 s (see ${this.opts.dir}/logs/${m.name}.log)`)
  }

  private async stopMember(m: Member, signal: NodeJS.Signals): Promise<void> {
    const child = m.child
    if (!child) return
    m.expected = true
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill(signal)
    await exited
  }

  private async startBalancer(): Promise<void> {
    const config = path.join(this.opts.dir, 'haproxy.cfg')
    writeFileSync(
      config,
      haproxyConfig(readTemplate(this.opts.root), {
        host: '127.0.0.1',
        port: this.port,
        socket: this.socket,
        servers: this.webs().map((m) => ({ name: m.name, port: m.port })),
      }),
    )
    // -db: in the foreground, so it stops with the fleet.
    this.balancer = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] })
    logTo(this.balancer, path.join(this.opts.dir, 'logs', 'haproxy.log'))
  }

  /** Until HAProxy sends requests to every one of `names`. */
  private async untilBalanced(names: string[]): Promise<void> {
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline) {
      if (this.balancer && this.balancer.exitCode !== null)
        throw new Error(`HAProxy exited (see ${this.opts.dir}/logs/haproxy.log)`)
      const states = await serverStates(this.socket).catch(() => new Map<string, string>())
      if (names.every((n) => states.get(n) === 'UP')) return
      await sleep(100)
    }
    throw new Error(`HAProxy did not take ${names.join(', ')} within 30 s`)
  }
}

/**
 * A child's stdout and stderr appended to `file`, which is closed once both have ended. Piped with
 * their default `end`, the first stream to end closed the file under the other: a line the other still
 * had came as a "write after end" error (seen once in the chaos test).
 */
function logTo(child: ChildProcess, file: string) {
  const log = createWriteStream(file, { flags: 'a' })
  child.stdout!.pipe(log, { end: false })
  child.stderr!.pipe(log, { end: false })
  child.once('close', () => log.end())
}
