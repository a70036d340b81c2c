// The registration-form builder and the CRM clients (issue 21; SPEC §7 GET /api/v2/franchises/{id}/
// crm-form?includeArchived=true and POST on the same path; the other calls named like them). The form,
// its fields' deletion and the CRM clients are full access (§6 CRM); a client's values are edited on
// the client detail, open to its owners as the client is. A foreign id is a 404.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { boolean, coerce, defaulted, enums, integer, max, min, object, string, type } from 'superstruct'
import { CrmFormInput } from '../../domain/crm'
import {
  CRM_LIST_DEFAULTS,
  CRM_PAGE_SIZES,
  CrmClientPage,
  CrmClientValues,
  CrmFormAnswer,
  CrmLocalId,
  CrmValueCount,
  CrmValuesInput,
} from '../../domain/crm-clients'
import { Id, IdParams } from '../../domain/ids'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, CsvFile, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as crm from '../services/crm'
import * as crmClients from '../services/crm-clients'
import { queryInt } from './client-list-query'

const flag = defaulted(
  coerce(boolean(), string(), (v) => v === 'true' || v === '1'),
  false,
)
/** The version the merchant saw (required: a delete is checked against it like a save). */
const Version = coerce(min(max(integer(), 2 ** 31 - 1), 0), string(), (v) => Number(v))
const FieldParams = object({ id: Id, localId: CrmLocalId })
const ClientParams = object({ fid: Id, id: Id })
const Filter = {
  search: defaulted(string(), ''),
  field: defaulted(string(), ''),
  includeArchived: flag,
}
const ListQuery = type({
  ...Filter,
  page: queryInt(1, 1_000_000, CRM_LIST_DEFAULTS.page),
  size: defaulted(
    coerce(enums(CRM_PAGE_SIZES), string(), (v) => Number(v)),
    CRM_LIST_DEFAULTS.size,
  ),
})

/** The CSV as a download (a stream, which the reply typed by CsvFile does not name). */
const sendCsv = (reply: FastifyReply, csv: unknown) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="crm-clients.csv"')
    .header('cache-control', 'no-store')
    .send(csv)

export default async function crmRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { clientCrmValuesOf, crmValueCount, deleteCrmField, getCrmForm, saveClientCrmValues, saveCrmForm } =
    bound(app, crm)
  const { exportCrmClients, listCrmClients } = bound(app, crmClients)
  const full = allow('fullAccess')
  const fullWrite = allow('fullAccess', AUTH_NEUTRAL)

  app.get(
    '/api/v2/franchises/:id/crm-form',
    {
      ...full,
      schema: {
        params: IdParams,
        querystring: type({ includeArchived: flag }),
        response: { 200: CrmFormAnswer },
      },
    },
    async (request) => getCrmForm(request.tenant!, request.params.id, request.query.includeArchived),
  )

  app.post(
    '/api/v2/franchises/:id/crm-form',
    { ...fullWrite, schema: { params: IdParams, body: CrmFormInput, response: { 200: CrmFormAnswer } } },
    async (request) => saveCrmForm(request.tenant!, request.params.id, request.body),
  )

  app.get(
    '/api/v2/franchises/:id/crm-form/fields/:localId/values-count',
    { ...full, schema: { params: FieldParams, response: { 200: CrmValueCount } } },
    async (request) => crmValueCount(request.tenant!, request.params.id, request.params.localId),
  )

  app.delete(
    '/api/v2/franchises/:id/crm-form/fields/:localId',
    {
      ...fullWrite,
      schema: {
        params: FieldParams,
        querystring: type({ version: Version }),
        response: { 200: CrmFormAnswer },
      },
    },
    async (request) =>
      deleteCrmField(request.tenant!, request.params.id, request.params.localId, request.query.version),
  )

  app.get(
    '/api/v2/franchises/:id/crm-clients',
    { ...full, schema: { params: IdParams, querystring: ListQuery, response: { 200: CrmClientPage } } },
    async (request) => listCrmClients(request.tenant!, request.params.id, request.query),
  )

  // Streamed: the browser downloads it through a link, with a download ticket (routes/downloads.ts).
  app.get(
    '/api/v2/franchises/:id/crm-clients/export.csv',
    {
      ...allow('fullAccess', { download: true }),
      schema: { params: IdParams, querystring: type(Filter), response: { 200: CsvFile } },
    },
    async (request, reply) => {
      const csv = await exportCrmClients(request.tenant!, request.params.id, request.query)
      return sendCsv(reply, csv)
    },
  )

  app.get(
    '/api/v2/franchises/:fid/clients/:id/crm-values',
    { ...allow('owner'), schema: { params: ClientParams, response: { 200: CrmClientValues } } },
    async (request) => clientCrmValuesOf(request.tenant!, request.params.fid, request.params.id),
  )

  app.put(
    '/api/v2/franchises/:fid/clients/:id/crm-values',
    {
      ...allow('owner', AUTH_NEUTRAL),
      schema: { params: ClientParams, body: CrmValuesInput, response: { 200: CrmClientValues } },
    },
    async (request) =>
      saveClientCrmValues(request.tenant!, request.params.fid, request.params.id, request.body.crmValues),
  )
}
