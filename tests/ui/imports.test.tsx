// The client import page (issue 23) on its real machine and real src/api calls, the server faked at
// the fetch boundary: choose a file, map the columns, preview with a row's problem, run, follow the
// progress, and the end with the skipped rows and the report; a refused upload says why.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { importMachine } from '../../machines/import/import.machine'
import { ImportContext, ImportScreen } from '../../src/features/imports/ImportContainer'
import { IMPORT_FILE, IMPORT_ID, importResponse, PREVIEW_ROWS, SKIPPED } from '../../stories/imports/fixtures'
import { type Call, fakeFetch, type Route } from '../support/fetch-fake'
import { IMPORT_MAPPING } from '../support/import-fixtures'
import { renderUi } from './render'
import { renderShell } from './shell-support'

const FRANCHISE = '11111111-1111-4111-8111-111111111111'
const BASE = `/api/v2/imports/${IMPORT_ID}`

/** The import's server; its job reads the rows the test lets it (`advance`), 80 in 2,000 skipped. */
function importServer() {
  let read = 0
  const progress = () => {
    const skipped = Math.round((read * 80) / 2000)
    return importResponse({
      status: read === 2000 ? 'DONE' : 'RUNNING',
      rowsRead: read,
      created: read - skipped,
      skipped,
      mapping: IMPORT_MAPPING,
    })
  }
  const advance = (to: number) => {
    read = to
  }
  const route: Route = ({ method, path }) => {
    if (method === 'POST' && path === '/api/v2/imports') return [201, importResponse()]
    if (method === 'POST' && path === `${BASE}/preview`) return [200, { rows: PREVIEW_ROWS, totalRows: 2000 }]
    if (method === 'POST' && path === `${BASE}/run`)
      return [202, importResponse({ status: 'QUEUED', mapping: IMPORT_MAPPING })]
    if (method === 'GET' && path === BASE) return [200, progress()]
    if (method === 'GET' && path === `${BASE}/skipped`) return [200, { ...SKIPPED, total: 80 }]
    if (method === 'GET' && path === `${BASE}/report`) return [200, 'row,reason\n4,PHONE_INVALID\n']
    return undefined
  }
  return { route, advance }
}

function renderImport() {
  // The real machine and actors; only the poll is quicker than a second.
  const logic = importMachine.provide({ delays: { POLL_DELAY: 20 } })
  return renderUi(
    <ImportContext.Provider logic={logic} options={{ input: { franchiseId: FRANCHISE } }}>
      <ImportScreen />
    </ImportContext.Provider>,
  )
}

const csvFile = () => new File(['first_name,last_name\nAnne,Martin\n'], IMPORT_FILE, { type: 'text/csv' })
const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path)

describe('client import page', () => {
  beforeEach(() => {
    // jsdom has no object URLs: the report's download makes one.
    URL.createObjectURL = vi.fn(() => 'blob:report')
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('imports a file: columns, a preview naming a row’s problem, the progress, and the skipped rows', async () => {
    const server = importServer()
    const calls = fakeFetch(server.route)
    const { user } = renderImport()
    const upload = screen.getByRole('button', { name: 'Upload' })
    expect(upload).toBeDisabled()
    await user.upload(screen.getByLabelText('CSV file'), csvFile())
    await user.click(upload)

    // The columns, as the server suggested them.
    const firstName = await screen.findByRole('combobox', { name: 'First name' })
    expect(firstName).toHaveDisplayValue('first_name')
    expect(screen.getByRole('combobox', { name: 'Opening points balance' })).toHaveDisplayValue('points')
    expect(sent(calls, 'POST', '/api/v2/imports')[0]!.query.get('franchiseId')).toBe(FRANCHISE)
    // Without a first name there is nothing to preview; a column fills one field only.
    await user.selectOptions(firstName, 'Not imported')
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled()
    await user.selectOptions(firstName, 'last_name')
    expect(screen.getByRole('combobox', { name: 'Last name' })).toHaveDisplayValue('Not imported')
    await user.selectOptions(firstName, 'first_name')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Last name' }), 'last_name')
    await user.click(screen.getByRole('button', { name: 'Preview' }))

    const preview = await screen.findByRole('table', { name: `The first rows of ${IMPORT_FILE}` })
    expect(sent(calls, 'POST', `${BASE}/preview`)[0]!.body).toEqual({ mapping: IMPORT_MAPPING })
    const rows = within(preview).getAllByRole('row')
    expect(rows).toHaveLength(1 + PREVIEW_ROWS.length)
    expect(within(rows[1]!).getByText('New client')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('Updates a client')).toBeInTheDocument()
    expect(within(rows[3]!).getByText('Invalid phone number')).toBeInTheDocument()
    expect(within(rows[3]!).getByRole('cell', { name: '12' })).toBeInTheDocument()
    expect(screen.getByText('2,000 rows in the file')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Import 2,000 rows' }))
    // The progress as it is polled: nothing read yet, 800 of 2,000 rows, then 1,600.
    const bar = await screen.findByRole('progressbar', { name: 'Rows read' })
    expect(bar).toHaveAttribute('value', '0')
    server.advance(800)
    await waitFor(() => expect(bar).toHaveAttribute('value', '800'))
    expect(screen.getByText(/^800 of 2,?000 rows read$/)).toBeInTheDocument()
    expect(screen.getByText('Skipped').nextSibling).toHaveTextContent('32')
    server.advance(1600)
    await waitFor(() => expect(bar).toHaveAttribute('value', '1600'))
    expect(screen.getByRole('button', { name: 'Cancel the import' })).toBeInTheDocument()
    server.advance(2000)

    // Done: the counters, the first skipped rows with their reasons, and the whole report.
    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeInTheDocument()
    const skipped = await screen.findByRole('table', { name: 'Skipped rows' })
    expect(screen.getByText('The first 3 of 80 skipped rows; the report has them all.')).toBeInTheDocument()
    const skippedRows = within(skipped).getAllByRole('row').slice(1)
    expect(skippedRows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Invalid phone number',
      'First name missing',
      'Duplicate of an earlier row',
    ])
    expect(screen.getByText('Skipped').nextSibling).toHaveTextContent('80')
    expect(screen.getByText('Created').nextSibling).toHaveTextContent('1920')
    expect(screen.getByRole('link', { name: 'See the clients' })).toHaveAttribute(
      'href',
      '/pages/user/clients',
    )
    await user.click(screen.getByRole('button', { name: 'Download the report' }))
    await waitFor(() => expect(sent(calls, 'GET', `${BASE}/report`)).toHaveLength(1))
    expect(URL.createObjectURL).toHaveBeenCalledOnce()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says why an upload is refused and keeps the file to try again', async () => {
    const calls = fakeFetch(({ method, path }) =>
      method === 'POST' && path === '/api/v2/imports'
        ? [400, { statusCode: 400, code: 'ENCODING_NOT_SUPPORTED', message: 'UTF-16' }]
        : undefined,
    )
    const { user } = renderImport()
    await user.upload(screen.getByLabelText('CSV file'), csvFile())
    await user.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not a CSV text file (UTF-16 or binary). Save it as CSV UTF-8.',
    )
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled()
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    expect(calls).toHaveLength(1)
  })

  it('an unknown refusal says the file could not be uploaded', async () => {
    fakeFetch(({ path }) => (path === '/api/v2/imports' ? [500, { code: 'INTERNAL' }] : undefined))
    const { user } = renderImport()
    await user.upload(screen.getByLabelText('CSV file'), csvFile())
    await user.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be uploaded.')
  })

  // Issue 34: the page nested a second <main> in the shell's, and named "Birth date" what every other
  // screen calls "Date of birth".
  it('sits in the shell’s one main landmark and says "Date of birth" like every other screen', async () => {
    fakeFetch(importServer().route)
    const { user } = renderShell({ path: '/pages/user/clients/import' })
    const upload = await screen.findByRole('button', { name: 'Upload' }, { timeout: 15_000 })
    expect(screen.getAllByRole('main')).toHaveLength(1)
    await user.upload(screen.getByLabelText('CSV file'), csvFile())
    await user.click(upload)
    expect(await screen.findByRole('combobox', { name: 'Date of birth' })).toBeInTheDocument()
    expect(screen.queryByText(/birth date/i)).toBeNull()
    expect(screen.getAllByRole('main')).toHaveLength(1)
  }, 60_000)
})
