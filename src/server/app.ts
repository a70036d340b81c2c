// The application as a plugin tree (see fastify/demo): tests build it with `buildApp` and call
// `app.inject`; main.ts builds it and listens.
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config'
import type { Database } from './db/client'
import { loggerOptions } from './logging'
import adaptersPlugin from './plugins/adapters'
import authPlugin from './plugins/auth'
import dbPlugin from './plugins/db'
import errorsPlugin, { frameworkErrors, MAX_PARAM_LENGTH } from './plugins/errors'
import './lifecycle'
import jobsPlugin from './plugins/jobs'
import { registerJsonBodyParser } from './plugins/json-body'
import { withRouteContract } from './plugins/route-contract'
import securityPlugin from './plugins/security'
import staticPlugin from './plugins/static'
import adminRoutes from './routes/admin'
import analyticsRoutes from './routes/analytics'
import authRoutes from './routes/auth'
import automationRoutes from './routes/automations'
import campaignResultRoutes from './routes/campaign-results'
import campaignRoutes from './routes/campaigns'
import clientAccountRoutes from './routes/client-accounts'
import clientRoutes from './routes/clients'
import couponRoutes from './routes/coupons'
import crmRoutes from './routes/crm'
import demoRoutes from './routes/demo'
import docsRoutes from './routes/docs'
import downloadRoutes from './routes/downloads'
import emarketingRoutes from './routes/emarketing'
import expiryRoutes from './routes/expiry'
import exportRoutes from './routes/exports'
import fileRoutes from './routes/files'
import franchiseSettingsRoutes from './routes/franchise-settings'
import franchiseRoutes from './routes/franchises'
import gameRoutes from './routes/games'
import gamePlayRoutes from './routes/games-play'
import gdprRoutes from './routes/gdpr'
import healthRoutes from './routes/health'
import importRoutes from './routes/imports'
import loyaltyRoutes from './routes/loyalty'
import messageRoutes from './routes/messages'
import newsRoutes from './routes/news'
import onboardingRoutes from './routes/onboarding'
import opinionRoutes from './routes/opinions'
import ownerRoutes from './routes/owners'
import paymentRoutes from './routes/payments'
import posRoutes from './routes/pos'
import scanRoutes from './routes/scan'
import smsInboundRoutes from './routes/sms-inbound'
import storeRoutes from './routes/stores'
import tagRoutes from './routes/tags'
import userRoutes from './routes/users'
import webhookRoutes from './routes/webhooks'

export type BuildOptions = {
  /** An open database shared by a test file (the app then does not close it). */
  database?: Database
  /** Where log lines go (tests read them). */
  logStream?: NodeJS.WritableStream
  jobPollingIntervalSeconds?: number
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY, off by default).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Opening the database runs the migrations: on a busy machine that takes longer than the 10 s default.
    pluginTimeout: 120_000,
  })

  // Plain HTML forms (the local checkout page) post urlencoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })
  registerJsonBodyParser(app)
  app.decorate('lifecycle', { role: config.role, draining: false })
  // While draining, every answer closes its connection: a balancer's pooled keep-alive connection would
  // otherwise hold the stop open until its idle timeout.
  app.addHook('onSend', async (_req, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close')
  })

  await app.register(errorsPlugin)
  await app.register(securityPlugin, { config })
  await app.register(dbPlugin, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(options.database ? { database: options.database } : {}),
    ...(config.databaseReadUrl
      ? {
          read: {
            url: config.databaseReadUrl,
            poolSize: config.databasePoolSize,
            maxLagMs: config.databaseReadMaxLagMs,
            secure: config.publicUrl.startsWith('https:'),
          },
        }
      : {}),
  })
  // Before the jobs: the mail job sends with the mail adapter's transport.
  await app.register(adaptersPlugin, { config })
  await app.register(jobsPlugin, {
    enabled: config.jobs,
    queueOnly: config.role === 'web',
    databaseUrl: config.databaseUrl,
    stopTimeoutMs: config.shutdown.timeoutMs,
    ...(options.jobPollingIntervalSeconds
      ? { pollingIntervalSeconds: options.jobPollingIntervalSeconds }
      : {}),
  })
  await app.register(authPlugin)

  app.decorate('routeInventory', [])
  // A worker (PROCESS_ROLE=worker) runs the jobs and answers its health checks, nothing else.
  if (config.role === 'worker') {
    await app.register(
      withRouteContract(async (api) => {
        await api.register(healthRoutes)
      }),
    )
    return app
  }
  await app.register(
    withRouteContract(async (api) => {
      await api.register(healthRoutes)
      await api.register(authRoutes)
      await api.register(userRoutes)
      await api.register(paymentRoutes)
      await api.register(franchiseRoutes)
      await api.register(clientRoutes)
      await api.register(clientAccountRoutes)
      await api.register(couponRoutes)
      await api.register(fileRoutes)
      await api.register(storeRoutes)
      await api.register(ownerRoutes)
      await api.register(opinionRoutes)
      await api.register(franchiseSettingsRoutes)
      await api.register(loyaltyRoutes)
      await api.register(tagRoutes)
      await api.register(scanRoutes)
      await api.register(posRoutes)
      await api.register(adminRoutes)
      await api.register(analyticsRoutes)
      await api.register(demoRoutes)
      await api.register(onboardingRoutes)
      await api.register(campaignRoutes)
      await api.register(messageRoutes)
      await api.register(newsRoutes)
      await api.register(crmRoutes)
      await api.register(gameRoutes)
      await api.register(gamePlayRoutes)
      await api.register(campaignResultRoutes)
      await api.register(importRoutes)
      await api.register(automationRoutes)
      await api.register(smsInboundRoutes)
      await api.register(emarketingRoutes)
      await api.register(expiryRoutes)
      await api.register(webhookRoutes)
      await api.register(docsRoutes)
      await api.register(exportRoutes)
      await api.register(downloadRoutes)
      await api.register(gdprRoutes)
    }),
  )

  await app.register(staticPlugin, { staticDir: config.staticDir })
  return app
}
