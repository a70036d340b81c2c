// npm run pos:simulate -- --url http://localhost:3000 --account <id> --secret <secret>
//   [--orders 5] [--interval 2] [--currency EUR] [--first 2001]
// Plays a till: posts a bakery catalogue, then signed orders, printing each receipt id so a tester can
// type it on the customer scan page. The account id and secret are in the store's POS dialog.
import { parseArgs } from 'node:util'
import { CURRENCIES, type CurrencyCode } from '../../../domain/constants'
import { isId } from '../../../domain/ids'
import { simulate } from './simulator'

function fail(message: string): never {
  console.error(`pos:simulate: ${message}`)
  process.exit(1)
}

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    account: { type: 'string' },
    secret: { type: 'string' },
    orders: { type: 'string', default: '5' },
    interval: { type: 'string', default: '2' },
    currency: { type: 'string', default: 'EUR' },
    first: { type: 'string' },
  },
})

if (!values.account || !isId(values.account)) fail('--account <the POS account id> is required')
if (!values.secret) fail('--secret <the webhook secret shown in the POS dialog> is required')
const orders = Number(values.orders)
const interval = Number(values.interval)
if (!Number.isInteger(orders) || orders < 0 || orders > 1000)
  fail('--orders must be a whole number, 0 to 1000')
if (!Number.isFinite(interval) || interval < 0) fail('--interval must be a number of seconds')
if (!(CURRENCIES as readonly string[]).includes(values.currency))
  fail(`--currency must be one of ${CURRENCIES}`)
// Receipt numbers of a run start from the clock, so two runs rarely post the same ids (a repeat is
// reported as "duplicate" and changes nothing).
const first = values.first ? Number(values.first) : 2000 + (Math.floor(Date.now() / 1000) % 80_000)
if (!Number.isInteger(first) || first < 0) fail('--first must be a whole number')

try {
  const receipts = await simulate({
    url: values.url,
    accountId: values.account,
    secret: values.secret,
    orders,
    intervalSeconds: interval,
    currencyCode: values.currency as CurrencyCode,
    firstReceipt: first,
  })
  console.log(`done: ${receipts.length} order(s) posted${receipts.length ? `: ${receipts.join(', ')}` : ''}`)
} catch (err) {
  fail(err instanceof Error ? err.message : String(err))
}
