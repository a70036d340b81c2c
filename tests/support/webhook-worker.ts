// A run of the webhook delivery job in a process of its own, for the crash test
// (tests/server/webhooks-crash.test.ts): the job (jobs/webhooks.ts) with the real HTTP sender against
// PostgreSQL, one delivery at a time (BATCH_SIZE), killed with SIGKILL while a receiver on 127.0.0.1
// holds its request. CLOCK_OFFSET_MS moves its clock on, as the next cron tick would come later.
// HOLD_BEFORE_SEND stops it between the claim and the call, telling the test the event's id on stdout
// ("claimed <id>"), so that a kill lands exactly there.
import pino from 'pino'
import { createWebhookSender, type WebhookSender } from '../../src/server/adapters/webhooks'
import { openPostgres } from '../../src/server/db/client'
import { webhooksDeliverJob } from '../../src/server/jobs/webhooks'

const { DATABASE_URL, CLOCK_OFFSET_MS, TIMEOUT_MS, HOLD_BEFORE_SEND } = process.env
const timeoutMs = Number(TIMEOUT_MS ?? 2_000)
const offset = Number(CLOCK_OFFSET_MS ?? 0)
const database = await openPostgres(DATABASE_URL!, 2)
const http = createWebhookSender({ allowHttpLoopback: true, timeoutMs })
const sender: WebhookSender = HOLD_BEFORE_SEND
  ? {
      send: (post) => {
        process.stdout.write(`claimed ${post.headers['webhook-id']}\n`)
        return new Promise(() => {})
      },
    }
  : http
const result = await webhooksDeliverJob(
  { db: database.db, sender, timeoutMs, clock: () => new Date(Date.now() + offset) },
  () => {},
  pino({ level: 'silent' }),
)
await database.close()
process.stdout.write(`${JSON.stringify(result)}\n`)
