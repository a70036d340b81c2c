// The CRM page in the signed-in app (real session, shell, crm-editor and crm-clients machines) on an
// in-memory back end: a NUMBER field with its minimum above its maximum shows the error and is not
// saved; archiving; the unsaved-changes warning before leaving by a link; the CRM clients' columns.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fromCallback, fromPromise } from 'xstate'
import { crmClientsMachine } from '../../machines/crm-clients/crm-clients.list'
import { crmEditorMachine } from '../../machines/crm-editor/crm-editor.machine'
import { leaveGuard } from '../../machines/leave-guard/leave-guard'
import type { LocationSource } from '../../machines/paged-list/paged-list.actors'
import { ApiError } from '../../src/api/client'
import { type CrmField, STATIC_CRM_FIELDS } from '../../src/domain/crm'
import type { CrmClientRow } from '../../src/domain/crm-clients'
import { type AppEffects, AppEffectsProvider, browserEffects } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import type { HarnessLocation } from '../support/session-harness'
import { renderShell } from './shell-support'

const BAKERY: CrmField = {
  localId: 'field1',
  label: 'Favourite bakery',
  status: 'ACTIVE',
  isStatic: false,
  isValid: true,
  validation: { type: 'SHORT_TEXT', isRequired: true },
}
const ROW: CrmClientRow = {
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Camille',
  lastName: 'Marchand',
  email: 'camille@example.test',
  phone: '+33611223344',
  birthDate: '1990-04-02',
  createdAt: '2026-11-01T10:00:00.000Z',
  values: { firstName: 'Camille', dateOfBirth: '1990-04-02', field1: 'Poilâne' },
}

function createBackend() {
  const backend = {
    version: 1,
    fields: [BAKERY] as CrmField[],
    saves: [] as { version: number; fields: CrmField[] }[],
    form: () => ({ version: backend.version, fields: [...STATIC_CRM_FIELDS, ...backend.fields] }),
  }
  return backend
}
let backend: ReturnType<typeof createBackend>

function renderCrm(path = '/pages/user/crm') {
  const notices: string[] = []
  let router: HarnessLocation | null = null
  const listeners = new Set<() => void>()
  const location: LocationSource = {
    read: () => router?.location ?? { path: '', search: '' },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const editor = crmEditorMachine.provide({
    actors: {
      loadForm: fromPromise(async () => backend.form()),
      saveForm: fromPromise(async ({ input }) => {
        if (input.version !== backend.version)
          throw new ApiError(409, 'CRM_FORM_VERSION_CONFLICT', 'newer', { version: backend.version })
        backend.saves.push({ version: input.version, fields: input.fields })
        backend.version++
        backend.fields = input.fields
        return backend.form()
      }),
      countValues: fromPromise(async ({ input }) => ({ localId: input.localId, count: 2 })),
      deleteField: fromPromise(async () => backend.form()),
      guardLeaving: leaveGuard('crm.leave'),
    },
  })
  const clients = crmClientsMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => ({
        requestId: input.requestId,
        page: {
          data: [ROW],
          metadata: { page: 1, size: 10, total: 1 },
          fields: [...STATIC_CRM_FIELDS, ...backend.fields],
        },
      })),
      watchLocation: fromCallback(() => () => {}),
    },
  })
  // The page's toasts, recorded; navigation on the memory router; the address the list follows.
  const effects: AppEffects = {
    ...browserEffects,
    notify: (level, id) => notices.push(`${level}:${id}`),
    navigate: (to, options) => router?.navigate(to, options),
    location,
  }
  const app = renderShell({
    path,
    wrap: (routes) => (
      <AppEffectsProvider value={effects}>
        <ProvidedMachines machines={[editor, clients]}>{routes}</ProvidedMachines>
      </AppEffectsProvider>
    ),
  })
  router = app.location
  app.location.subscribe(() => {
    for (const listener of listeners) listener()
  })
  return { ...app, notices }
}

async function openForm(user: ReturnType<typeof renderCrm>['user']) {
  await user.click(await screen.findByRole('tab', { name: /Registration form/ }))
  return screen.findByRole('heading', { level: 2, name: 'Registration form' })
}

describe('CRM page', () => {
  beforeEach(() => {
    backend = createBackend()
  })

  it('lists the clients with their answers as columns and exports the applied filter', async () => {
    renderCrm()
    const table = await screen.findByRole('table', { name: 'Clients and their answers' })
    await waitFor(() => expect(within(table).getByText('Poilâne')).toBeInTheDocument())
    expect(within(table).getByRole('columnheader', { name: 'Favourite bakery' })).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Camille Marchand' })).toHaveAttribute(
      'href',
      `/pages/user/clients/${ROW.id}`,
    )
    // The real export link, on the applied (empty) filter.
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(
      /^\/api\/v2\/franchises\/[\w-]+\/crm-clients\/export\.csv$/,
    )
  })

  it('a NUMBER field with its minimum above its maximum shows the error and is not saved', async () => {
    const { user, notices } = renderCrm()
    await openForm(user)
    await user.click(screen.getByRole('button', { name: 'Add a field' }))
    const settings = await screen.findByRole('region', { name: /Settings of/ })
    await user.type(within(settings).getByRole('textbox', { name: 'Label' }), 'Children')
    await user.selectOptions(within(settings).getByRole('combobox', { name: 'Type' }), 'NUMBER')
    await user.type(within(settings).getByRole('spinbutton', { name: 'Minimum' }), '10')
    await user.type(within(settings).getByRole('spinbutton', { name: 'Maximum' }), '5')
    expect(within(settings).getByText('The minimum must be less than the maximum.')).toBeInTheDocument()
    expect(screen.getByText('To fix')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save the form' }))
    expect(backend.saves).toHaveLength(0)
    expect(notices).toEqual(['error:crm.saveFormError'])
    await user.clear(within(settings).getByRole('spinbutton', { name: 'Maximum' }))
    await user.type(within(settings).getByRole('spinbutton', { name: 'Maximum' }), '12')
    expect(within(settings).queryByText('The minimum must be less than the maximum.')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save the form' }))
    await waitFor(() => expect(backend.saves).toHaveLength(1))
    expect(backend.saves[0]!.fields.at(-1)).toMatchObject({
      label: 'Children',
      validation: { type: 'NUMBER', isRequired: false, min: 10, max: 12 },
    })
    expect(notices.at(-1)).toBe('success:pages.crm.success')
    expect(screen.queryByText('Unsaved changes')).toBeNull()
  })

  it('archives a field and unarchives it; delete for good says how many clients have a value', async () => {
    backend.fields = [BAKERY, { ...BAKERY, localId: 'field2', label: 'Old question', status: 'ARCHIVED' }]
    const { user } = renderCrm()
    await openForm(user)
    const fields = screen.getByRole('list', { name: 'Form fields' })
    await user.click(within(fields).getByRole('button', { name: 'Archive Favourite bakery' }))
    expect(within(fields).queryByText('Favourite bakery')).toBeNull()
    expect(screen.getByRole('button', { name: 'Unarchive Favourite bakery' })).toBeInTheDocument()
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
    // Archived in the draft only: not deletable before a save.
    expect(screen.getByRole('button', { name: 'Delete Favourite bakery for good' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Unarchive Favourite bakery' }))
    expect(within(fields).getByText('Favourite bakery')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete Old question for good' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Old question” for good?' })
    expect(within(dialog).getByText(/2 clients have a value for this field/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('warns before leaving with unsaved changes, and leaves once confirmed', async () => {
    const { user, location } = renderCrm()
    await openForm(user)
    await user.click(screen.getByRole('button', { name: 'Add a field' }))
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
    // A link of the app is held back and asked first.
    await user.click(screen.getAllByRole('link', { name: /Client list/i })[0]!)
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' })
    expect(location.location.path).toBe('/pages/user/crm')
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await user.click(screen.getAllByRole('link', { name: /Client list/i })[0]!)
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    )
    await waitFor(() => expect(location.location.path).toBe('/pages/user/clients'))
  })
})
