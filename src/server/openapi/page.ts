// The readable page of the API document (GET /api/docs): routes grouped by area, each with who may
// call it, its parameters, body and answers written as TypeScript-like shapes. Plain HTML and inline
// style only (the content security policy allows no outside script or style).
import type { OpenApiDocument } from './document'
import type { JsonSchema } from './struct-schema'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const bounds = (s: JsonSchema, lo: string, hi: string) => {
  const a = s[lo] as number | undefined
  const b = s[hi] as number | undefined
  if (a === undefined && b === undefined) return ''
  return ` (${a ?? ''}..${b ?? ''})`
}

/** A JSON Schema as a short TypeScript-like shape. */
export function shapeText(s: JsonSchema, indent = ''): string {
  if (s.$ref) return String(s.$ref).split('/').at(-1)!
  if (s.const !== undefined) return JSON.stringify(s.const)
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ')
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).map((m) => shapeText(m, indent)).join(' | ')
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : []
  const nullable = types.includes('null') ? ' | null' : ''
  const type = types.find((t) => t !== 'null')
  const inner = indent + '  '
  switch (type) {
    case 'object': {
      if (s.properties) {
        const required = new Set((s.required ?? []) as string[])
        const lines = Object.entries(s.properties as Record<string, JsonSchema>).map(
          ([k, v]) => `${inner}${k}${required.has(k) ? '' : '?'}: ${shapeText(v, inner)}`,
        )
        return `{\n${lines.join('\n')}\n${indent}}${nullable}`
      }
      const values = s.additionalProperties as JsonSchema | undefined
      return `{ [key: string]: ${values ? shapeText(values, indent) : 'unknown'} }${nullable}`
    }
    case 'array':
      return `Array<${s.items ? shapeText(s.items as JsonSchema, indent) : 'unknown'}>${bounds(s, 'minItems', 'maxItems')}${nullable}`
    case 'string': {
      const pattern = s.pattern ? ` /${s.pattern}/` : s.format ? ` ${s.format}` : ''
      return `string${bounds(s, 'minLength', 'maxLength')}${pattern}${nullable}`
    }
    case 'number':
    case 'integer':
      return `${type}${bounds(s, 'minimum', 'maximum')}${nullable}`
    case undefined:
      return `unknown${nullable}`
    default:
      return `${type}${nullable}`
  }
}

type Operation = {
  summary: string
  description: string
  tags: string[]
  parameters?: Array<{ name: string; in: string; required: boolean; schema: JsonSchema }>
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>
}

function operationHtml(method: string, path: string, op: Operation) {
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? '' : ', optional'}): <code>${escapeHtml(shapeText(p.schema))}</code></li>`,
    )
    .join('')
  const body = op.requestBody?.content['application/json']?.schema
  const answers = Object.entries(op.responses)
    .map(([status, r]) => {
      const [media, content] = Object.entries(r.content ?? {})[0] ?? []
      const shape =
        content && media === 'application/json' ? `<pre>${escapeHtml(shapeText(content.schema))}</pre>` : ''
      return `<li><b>${status}</b> ${escapeHtml(r.description)}${media && media !== 'application/json' ? ` (${escapeHtml(media)})` : ''}${shape}</li>`
    })
    .join('')
  return `<section class="op">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.description)}</p>
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
${body ? `<h4>Body</h4><pre>${escapeHtml(shapeText(body))}</pre>` : ''}
<h4>Answers</h4><ul>${answers}</ul>
</section>`
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 2rem;color:#1f2937}
h2{border-bottom:1px solid #d1d5db;margin-top:2.5rem}
.op{border:1px solid #e5e7eb;border-radius:.5rem;padding:.25rem 1rem;margin:1rem 0}
pre{background:#f3f4f6;padding:.5rem;overflow:auto;font-size:13px}
.m{display:inline-block;min-width:4.5rem;font-size:13px;padding:0 .25rem;border-radius:.25rem;color:#fff;background:#4b5563;text-align:center}
.m-get{background:#1d4ed8}.m-post{background:#047857}.m-put,.m-patch{background:#b45309}.m-delete{background:#b91c1c}
nav a{margin-right:1rem}`

/** The whole page. */
export function docsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>()
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const tag = op.tags[0] ?? 'api'
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)])
    }
  const tags = [...byTag.keys()].sort()
  const anchor = (t: string) => `area-${t.toLowerCase().replace(/\W+/g, '-')}`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><style>${STYLE}</style></head><body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description)} The same description for tools that write client code: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI ${doc.openapi}).</p>
<nav>${tags.map((t) => `<a href="#${anchor(t)}">${escapeHtml(t)}</a>`).join('')}</nav>
${tags.map((t) => `<h2 id="${anchor(t)}">${escapeHtml(t)}</h2>${byTag.get(t)!.join('\n')}`).join('\n')}
</body></html>`
}
