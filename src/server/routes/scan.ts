// The customer scan page's public calls (issue 5; §7 "Tags": GET /tags/uid/{uid}). No token: the tag
// id in the path is the only key, and every call is rate limited per address. A client's name,
// balance and coupons go only to a device that proved the phone with a one-time SMS code (issue 24
// #4), remembered by a signed cookie; without it a collect answers the points credited and nothing else.
import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { defaulted, object } from 'superstruct'
import { PhoneCodeSent } from '../../domain/phone-codes'
import { PushTokenInput, PushTokenRemoval } from '../../domain/push'
import {
  CollectInput,
  CollectResult,
  ScanCard,
  ScanInfo,
  ScanPhoneCodeInput,
  ScanPhoneConfirmed,
  ScanPhoneConfirmInput,
  TagUid,
} from '../../domain/scan'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, NoContent, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as pushTokens from '../services/push-tokens'
import * as scan from '../services/scan'
import * as scanDevices from '../services/scan-devices'
import { SCAN_DEVICE_COOKIE } from '../services/scan-devices'
import * as scanOwner from '../services/scan-owner'
import * as scanPage from '../services/scan-page'

const UidParams = object({ uid: TagUid })

const COOKIE_PATH = '/api/public/scan'

export default async function scanRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { limitPushTokens } = bound(app, pushTokens)
  const { limitScan, scanInfo } = bound(app, scan)
  const { forgetDevice } = bound(app, scanDevices)
  const { confirmScanCode } = bound(app, scanOwner)
  const { sendScanCode } = bound(app, scanOwner, (a) => a.sms)
  const { cardOfDevice, registerDevicePushToken, unregisterDevicePushToken } = bound(app, scanPage)
  const { collectAtTag } = bound(app, scanPage, (a) => a.sms)
  await app.register(cookie, { secret: app.config.cookieSecret })
  const secure = app.config.publicUrl.startsWith('https:')

  /** The device's cookie value when its signature holds (the row is checked by the service). */
  const deviceCookie = (request: FastifyRequest) => {
    const raw = request.cookies[SCAN_DEVICE_COOKIE]
    if (!raw) return null
    const unsigned = request.unsignCookie(raw)
    return unsigned.valid ? unsigned.value : null
  }
  const setDevice = (reply: FastifyReply, value: string, expires: Date) =>
    reply.setCookie(SCAN_DEVICE_COOKIE, value, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      expires,
    })

  // The limit counts every call, valid or not: it runs before the input is validated.
  const limit = (kind: Parameters<typeof limitScan>[0]) => ({
    preValidation: async (request: FastifyRequest) => limitScan(kind, request.ip),
  })
  const open = allow('public', AUTH_NEUTRAL)

  // The tag's public view, at the scan page's address and at SPEC §7's.
  for (const url of ['/api/public/scan/:uid', '/tags/uid/:uid'])
    app.get(
      url,
      { ...allow('public'), ...limit('view'), schema: { params: UidParams, response: { 200: ScanInfo } } },
      async (request) => scanInfo(request.params.uid),
    )

  // No body reads as `{}` (the 400 then names the missing field), here and below.
  app.post(
    '/api/public/scan/:uid/collect',
    {
      ...open,
      ...limit('collect'),
      schema: { params: UidParams, body: defaulted(CollectInput, {}), response: { 200: CollectResult } },
    },
    async (request, reply) => {
      const result = await collectAtTag(
        {
          uid: request.params.uid,
          input: request.body,
          idempotencyKey: request.headers['idempotency-key'] as string | undefined,
          device: deviceCookie(request),
        },
        (err) => request.log.warn({ err: err.message }, 'scan confirmation SMS failed'),
      )
      if (result.replayed) reply.header('idempotent-replayed', 'true')
      // Always a 200: runOnce is given no other status, so a replay's stored one is 200 too.
      return result.body
    },
  )

  // Issue 24 #4: the phone's owner proves it with a code sent to it, then this device is remembered.
  app.post(
    '/api/public/scan/:uid/phone-code',
    {
      ...open,
      ...limit('code'),
      schema: {
        params: UidParams,
        body: defaulted(ScanPhoneCodeInput, {}),
        response: { 200: PhoneCodeSent },
      },
    },
    async (request) => sendScanCode(request.params.uid, request.body),
  )

  app.post(
    '/api/public/scan/:uid/phone-code/confirm',
    {
      ...open,
      ...limit('code'),
      schema: {
        params: UidParams,
        body: defaulted(ScanPhoneConfirmInput, {}),
        response: { 200: ScanPhoneConfirmed },
      },
    },
    async (request, reply) => {
      const remembered = await confirmScanCode(request.params.uid, request.body)
      setDevice(reply, remembered.value, remembered.expiresAt)
      return { confirmed: true as const, expiresAt: remembered.expiresAt.toISOString() }
    },
  )

  app.get(
    '/api/public/scan/:uid/card',
    { ...allow('public'), ...limit('view'), schema: { params: UidParams, response: { 200: ScanCard } } },
    async (request) => cardOfDevice(request.params.uid, deviceCookie(request)),
  )

  // Issue 35 §4: the customers' app registers its FCM token as the client this device proved.
  const limitPush = { preValidation: async (request: FastifyRequest) => limitPushTokens(request.ip) }
  app.put(
    '/api/public/scan/device/push-token',
    {
      ...open,
      ...limitPush,
      schema: { body: defaulted(PushTokenInput, {}), response: { 204: NoContent } },
    },
    async (request, reply) => {
      await registerDevicePushToken(deviceCookie(request), request.body)
      return reply.status(204).send()
    },
  )
  app.delete(
    '/api/public/scan/device/push-token',
    {
      ...open,
      ...limitPush,
      schema: { body: defaulted(PushTokenRemoval, {}), response: { 204: NoContent } },
    },
    async (request, reply) => {
      await unregisterDevicePushToken(deviceCookie(request), request.body.token)
      return reply.status(204).send()
    },
  )

  // "Not you?": this device forgets the phone.
  app.delete(
    '/api/public/scan/device',
    { ...open, schema: { response: { 204: NoContent } } },
    async (request, reply) => {
      await forgetDevice(deviceCookie(request))
      reply.clearCookie(SCAN_DEVICE_COOKIE, { path: COOKIE_PATH })
      return reply.status(204).send()
    },
  )
}
