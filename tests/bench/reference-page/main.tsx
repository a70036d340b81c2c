// The first-screen bench's reference page (issue 38 §7): React and the app's router rendering a 20-row
// table from one fetch of the client list, nothing else. Built in the same run as the app, with the same
// React and wouter; the app's pages are measured against it. A plain page on purpose (its fetch in an
// effect), not the product's way: it is the floor the product's pages are compared with.
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { Route, Router } from 'wouter'
import { activeToken } from '../../../src/api/storage'

type Row = { id: string; firstName: string; lastName: string; points: number; lastVisitAt: string | null }

function ClientTable() {
  const [rows, setRows] = useState<Row[] | null>(null)
  useEffect(() => {
    fetch('/api/v2/franchises/clients?page=1&size=20&sort=lastVisit&order=desc', {
      headers: { authorization: `Bearer ${activeToken()}` },
    })
      .then((res) => res.json())
      .then((page: { data: Row[] }) => setRows(page.data))
  }, [])
  if (!rows) return <p>Loading…</p>
  return (
    <table>
      <caption>Clients</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Points</th>
          <th scope="col">Last visit</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{`${r.firstName} ${r.lastName}`}</td>
            <td>{r.points}</td>
            <td>{r.lastVisitAt ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Router base="/bench-reference">
      <Route path="/" component={ClientTable} />
      <Route path="/index.html" component={ClientTable} />
    </Router>
  </StrictMode>,
)
