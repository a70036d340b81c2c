import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ImportContext, importMachine } from '../../machines/import/import.machine'
import { toImportView } from '../../machines/import/import.view'
import { ImportPage } from '../../src/features/imports/ImportPage'
import { IMPORT_MAPPING } from '../../tests/support/import-fixtures'
import { IMPORT_FILE, importResponse, PREVIEW_ROWS, SKIPPED } from './fixtures'

const FILE = new File(['first_name,phone\n'], IMPORT_FILE, { type: 'text/csv' })

type Value = Parameters<typeof importMachine.resolveState>[0]['value']
function at(value: Value, over: Partial<ImportContext> = {}) {
  const context: ImportContext = {
    franchiseId: '11111111-1111-4111-8111-111111111111',
    file: FILE,
    imp: importResponse(),
    mapping: IMPORT_MAPPING,
    preview: [],
    skipped: null,
    error: null,
    errorField: null,
    ...over,
  }
  return toImportView(importMachine.resolveState({ value, context }))
}

const running = (rowsRead: number) =>
  importResponse({
    status: 'RUNNING',
    rowsRead,
    created: Math.round(rowsRead * 0.93),
    updated: Math.round(rowsRead * 0.03),
    skipped: rowsRead - Math.round(rowsRead * 0.93) - Math.round(rowsRead * 0.03),
  })
const finished = importResponse({
  status: 'DONE',
  rowsRead: 2000,
  created: 1890,
  updated: 30,
  skipped: 80,
  finishedAt: '2026-11-25T14:03:00.000Z',
})

const meta = {
  title: 'Pages/Import',
  component: ImportPage,
  parameters: { layout: 'padded' },
  args: { view: at('file', { file: null, imp: null, mapping: {} }), send: () => {} },
} satisfies Meta<typeof ImportPage>

export default meta
type Story = StoryObj<typeof meta>

/** No file chosen yet: Upload is disabled. */
export const ChooseFile: Story = {}
export const FileChosen: Story = { args: { view: at('file', { imp: null, mapping: {} }) } }
export const Uploading: Story = { args: { view: at('uploading', { imp: null, mapping: {} }) } }
export const UploadRefused: Story = {
  args: { view: at('file', { imp: null, mapping: {}, error: 'import.errors.encoding-not-supported' }) },
}
/** The server's suggested mapping, complete. */
export const Columns: Story = { args: { view: at('columns') } }
/** No first name mapped: Preview stays disabled. */
export const ColumnsIncomplete: Story = {
  args: { view: at('columns', { mapping: { email: 2, phone: 3 } }) },
}
export const ColumnsRefused: Story = {
  args: {
    view: at('columns', { error: 'import.errors.mapping', errorField: 'mapping.firstName' }),
  },
}
export const Previewing: Story = { args: { view: at('previewing') } }
/** The first rows with what each would do, one skipped with its reason. */
export const Review: Story = { args: { view: at('review', { preview: PREVIEW_ROWS }) } }
export const Starting: Story = { args: { view: at('starting', { preview: PREVIEW_ROWS }) } }
export const RunRefused: Story = {
  args: { view: at('review', { preview: PREVIEW_ROWS, error: 'import.errors.run' }) },
}
export const Running: Story = { args: { view: at({ running: 'waiting' }, { imp: running(640) }) } }
export const Polling: Story = { args: { view: at({ running: 'polling' }, { imp: running(1200) }) } }
export const Cancelling: Story = { args: { view: at({ running: 'cancelling' }, { imp: running(1500) }) } }
export const CancelRefused: Story = {
  args: { view: at({ running: 'waiting' }, { imp: running(1500), error: 'import.errors.cancel' }) },
}
export const LoadingSkipped: Story = { args: { view: at({ done: 'loadingSkipped' }, { imp: finished }) } }
/** Done: the counters, the skipped rows with their reasons and the report. */
export const Done: Story = { args: { view: at({ done: 'idle' }, { imp: finished, skipped: SKIPPED }) } }
export const DoneMoreSkipped: Story = {
  args: { view: at({ done: 'idle' }, { imp: finished, skipped: { ...SKIPPED, total: 80 } }) },
}
export const DoneNothingSkipped: Story = {
  args: {
    view: at(
      { done: 'idle' },
      { imp: { ...finished, created: 1970, skipped: 0 }, skipped: { rows: [], total: 0 } },
    ),
  },
}
export const Downloading: Story = {
  args: { view: at({ done: 'downloading' }, { imp: finished, skipped: SKIPPED }) },
}
export const ReportRefused: Story = {
  args: { view: at({ done: 'idle' }, { imp: finished, error: 'import.errors.report' }) },
}
export const Failed: Story = {
  args: { view: at('failed', { imp: { ...running(700), status: 'FAILED', error: 'boom' } }) },
}
export const Cancelled: Story = {
  args: { view: at('cancelled', { imp: { ...running(1500), status: 'CANCELLED' } }) },
}
