// GET …/clients/{id}/personal-data as the file the owner downloads (issue 23): the client's data read
// once, as JSON or as the readable HTML page, named after the franchise and today's date (UTC).
import { isoDay } from '../../domain/dates'
import { exportFileName } from '../../domain/exports'
import type { PersonalDataFormat } from '../../domain/gdpr'
import type { Locale } from '../../domain/locale'
import type { Db } from '../db/client'
import { personalData } from './gdpr'
import { personalDataHtml } from './gdpr-report'
import type { Tenant } from './scope'

export type PersonalDataFile = { fileName: string; stream: string; contentType: string }

export async function personalDataFile(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  clientId: string,
  format: PersonalDataFormat,
  locale: Locale,
): Promise<PersonalDataFile> {
  const data = await personalData(db, tenant, franchiseId, clientId)
  const fileName = exportFileName(data.franchise.name, 'personal-data', isoDay(new Date(), 'UTC'), format)
  return format === 'html'
    ? { fileName, stream: personalDataHtml(data, locale), contentType: 'text/html; charset=utf-8' }
    : { fileName, stream: JSON.stringify(data, null, 2), contentType: 'application/json; charset=utf-8' }
}
