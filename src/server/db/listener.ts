// LISTEN for a process on a PostgreSQL server: one connection of its own for every channel the
// process listens on (token changes, webhooks and e-mail due), opened again after RELISTEN_MS whenever
// it drops. A connection per channel cost a fleet three backends per process where one does.
import pg from 'pg'

const RELISTEN_MS = 1_000

type Handler = { onNotify: () => void; onState: (live: boolean) => void; live: boolean }

/** A handler hears of each change of its channel's state once. */
const tell = (h: Handler, live: boolean) => {
  if (h.live === live) return
  h.live = live
  h.onState(live)
}

export function postgresListener(url: string) {
  const channels = new Map<string, Set<Handler>>()
  // The current connection, with the channels it listens on once it is open.
  let current: { client: pg.Client; live: boolean; listening: Set<string> } | null = null
  let opening: Promise<void> | null = null
  let retry: NodeJS.Timeout | undefined
  const handlersOf = (channel: string) => [...(channels.get(channel) ?? [])]

  const listenOn = async (conn: NonNullable<typeof current>, channel: string) => {
    if (conn.listening.has(channel)) return
    await conn.client.query(`LISTEN ${channel}`)
    conn.listening.add(channel)
    for (const h of handlersOf(channel)) tell(h, true)
  }

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: 'loyalty-backoffice-listen' })
    const conn = { client, live: false, listening: new Set<string>() }
    current = conn
    let dropped = false
    const drop = () => {
      if (dropped) return
      dropped = true
      if (current === conn) current = null
      for (const channel of conn.listening) for (const h of handlersOf(channel)) tell(h, false)
      client.end().catch(() => {})
      if (channels.size && !retry)
        retry = setTimeout(() => {
          retry = undefined
          if (channels.size && !current) void open()
        }, RELISTEN_MS)
    }
    client.on('notification', (m) => {
      for (const h of handlersOf(m.channel)) h.onNotify()
    })
    client.on('error', drop)
    client.on('end', drop)
    try {
      await client.connect()
      conn.live = true
      // A channel added while this ran is listened to as well.
      for (const channel of channels.keys()) await listenOn(conn, channel)
    } catch {
      drop()
    }
  }
  const open = () => {
    opening ??= connect().finally(() => {
      opening = null
    })
    return opening
  }

  /**
   * Calls `onNotify` at each NOTIFY on `channel`, and `onState` as the channel opens (true) or drops
   * (false: notifications may be missed until it opens again). Returns `stop`.
   */
  async function listen(channel: string, onNotify: () => void, onState: (live: boolean) => void) {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`Bad channel name: ${channel}`)
    const handler: Handler = { onNotify, onState, live: false }
    const known = channels.get(channel)
    if (known) known.add(handler)
    else channels.set(channel, new Set([handler]))
    if (!current) await open()
    else if (opening) await opening
    const conn = current as typeof current
    if (conn?.live) {
      if (conn.listening.has(channel)) tell(handler, true)
      else await listenOn(conn, channel).catch(() => conn.client.end().catch(() => {}))
    }
    let stopped = false
    return async () => {
      if (stopped) return
      stopped = true
      tell(handler, false)
      const set = channels.get(channel)
      set?.delete(handler)
      if (set?.size) return
      channels.delete(channel)
      const now = current
      if (!channels.size) {
        clearTimeout(retry)
        retry = undefined
        current = null
        await now?.client.end().catch(() => {})
      } else if (now?.listening.delete(channel)) {
        await now.client.query(`UNLISTEN ${channel}`).catch(() => {})
      }
    }
  }
  return { listen }
}
