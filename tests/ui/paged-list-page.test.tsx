// The paged list's header (issue 34: the client list's Export and Import floated mid-title): the title
// block and one group of actions, whatever number of actions the page passes.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Button } from '../../src/ui/Button'
import { PagedListPage } from '../../src/ui/PagedListPage'
import { renderUi } from './render'

describe('PagedListPage header', () => {
  it('keeps actions given as a fragment together, beside the title block', () => {
    renderUi(
      <PagedListPage
        title="Clients"
        subtitle="2,000 clients"
        actions={
          <>
            <Button>Export</Button>
            <Button>Import</Button>
            <Button>New client</Button>
          </>
        }
      >
        <p>rows</p>
      </PagedListPage>,
    )
    const header = screen.getByRole('heading', { level: 1, name: 'Clients' }).closest('header')!
    // Two flex items: space-between can only push the whole group to the end.
    expect(header.children).toHaveLength(2)
    const group = header.lastElementChild!
    for (const name of ['Export', 'Import', 'New client'])
      expect(group).toContainElement(screen.getByRole('button', { name }))
  })
})
