// The readable copy of a client's personal data (issue 23): the JSON copy laid out as an HTML page,
// one table per kind of record, every value escaped. Self-contained (no script, no outside file).
import type { Locale } from '../../domain/locale'
import { label } from './exports'
import type { PersonalData } from './gdpr'

/** A date as ISO text; a missing one, or one that is no moment (PostgreSQL's ±infinity), as nothing. */
const when = (d: Date) => (Number.isNaN(d.getTime()) ? '' : d.toISOString())

const html = (v: unknown): string =>
  String(v instanceof Date ? when(v) : v !== null && typeof v === 'object' ? JSON.stringify(v) : (v ?? ''))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')

function table(title: string, rows: Record<string, unknown>[], none: string): string {
  if (!rows.length) return `<section><h2>${html(title)}</h2><p>${html(none)}</p></section>`
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))]
  const head = columns.map((c) => `<th scope="col">${html(c)}</th>`).join('')
  const body = rows.map((r) => `<tr>${columns.map((c) => `<td>${html(r[c])}</td>`).join('')}</tr>`).join('\n')
  return `<section><h2>${html(title)} (${rows.length})</h2><div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div></section>`
}

export function personalDataHtml(data: PersonalData, locale: Locale): string {
  const t = (id: string) => label(locale, id)
  const profile = Object.entries(data.client)
    .map(([k, v]) => `<tr><th scope="row">${html(k)}</th><td>${html(v)}</td></tr>`)
    .join('\n')
  const none = t('gdpr.report.none')
  const sections = [
    ...Object.entries(data.byClientId).map(([name, rows]) => table(name, rows, none)),
    ...Object.entries(data.byContact).map(([name, rows]) => table(name, rows, none)),
  ].join('\n')
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${html(t('gdpr.report.title'))} · ${html(data.franchise.name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a}table{border-collapse:collapse;font-size:.85rem}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}.scroll{overflow-x:auto}</style></head>
<body>
<h1>${html(t('gdpr.report.title'))}</h1>
<p>${html(data.franchise.name)} · ${html(t('gdpr.report.exportedAt'))} ${html(data.exportedAt)}</p>
<section><h2>${html(t('gdpr.report.profile'))}</h2><table><tbody>${profile}</tbody></table></section>
${sections}
</body>
</html>
`
}
