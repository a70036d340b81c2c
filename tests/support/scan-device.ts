// Issue 24 #4: a device that proved a phone on the scan page, as the customer does it (the code from
// the outbox, as their phone received it); returns the cookie header that device then sends.
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '../../src/server/db/client'
import { outbox } from '../../src/server/db/schema'

export async function provenDevice(
  app: FastifyInstance,
  db: Db,
  uid: string,
  phone: string,
  remoteAddress = '10.77.0.1',
): Promise<Record<string, string>> {
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/public/scan/${uid}/${url}`, remoteAddress, payload })
  const sent = await post('phone-code', { phone })
  expect(sent.statusCode, sent.body).toBe(200)
  const [sms] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), sql`${outbox.dedupeKey} like 'phone-code:%'`))
    .orderBy(sql`${outbox.createdAt} desc`)
    .limit(1)
  const code = /(\d{6})/.exec(sms!.body)![1]!
  const confirmed = await post('phone-code/confirm', { phone, code })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  const cookie = confirmed.cookies.find((c) => c.name === 'scan_device')!
  return { cookie: `scan_device=${cookie.value}` }
}
