// The customers' public pages of the demo's Maison Dupont, for the front-end benchmark (issue 38 §7):
// its first tag's scan page, and a landing page and a gift wheel made for the bench through
// the owner's API, as the owner makes them in the back office. Not the coupon page: a coupon's code is
// only ever given to its customer (by SMS), and no merchant call reads it back.

type Call = <T>(url: string, init?: { method?: string; body?: unknown }) => Promise<T>

async function ownerCalls(baseURL: string, email: string): Promise<Call> {
  const send = async <T>(url: string, init: { method?: string; body?: unknown } = {}, token?: string) => {
    const res = await fetch(`${baseURL}${url}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    })
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const { id: token } = await send<{ id: string }>('/api/users/login', {
    method: 'POST',
    body: { email, password: 'demo-password' },
  })
  return <T>(url: string, init?: { method?: string; body?: unknown }) => send<T>(url, init, token)
}

export type PublicPage = { name: string; path: string }

export async function publicPages(baseURL: string, email: string): Promise<PublicPage[]> {
  const call = await ownerCalls(baseURL, email)
  const session = await call<{ franchises: { id: string }[]; stores: { id: string }[] }>(
    '/api/v2/users/me/session',
  )
  const franchise = session.franchises[0]!
  const tags = await call<{ data: { tagId: string }[] }>(`/api/v2/franchises/${franchise.id}/tags`)

  const landing = await call<{ link: string }>('/api/v2/emarketings', {
    method: 'POST',
    body: {
      franchiseId: franchise.id,
      logo: null,
      link: `bench-${Date.now().toString(36)}`,
      primaryColor: '#1e3a8a',
      secondaryColor: '#f59e0b',
      tertiaryColor: '#f8fafc',
      registrationPoints: 20,
    },
  })
  const game = await call<{ id: string }>('/api/v2/games', {
    method: 'POST',
    body: {
      name: 'Roue du benchmark',
      action: 'STORE_OPENING',
      storeInfos: [{ storeId: session.stores[0]!.id }],
      rewards: [
        { name: 'Café', type: 'POINTS', points: 25, weight: 30 },
        {
          name: 'Dessert',
          type: 'COUPON',
          coupon: { name: 'Dessert offert', type: 'product', validity: { value: 1, unit: 'months' } },
          weight: 20,
        },
      ],
      startDate: new Date().toISOString().slice(0, 10),
      endDate: null,
      settings: { canLoose: true, onlyNewClients: false },
    },
  })
  return [
    { name: 'scan page', path: `/scan/${encodeURIComponent(tags.data[0]!.tagId)}` },
    { name: 'landing page', path: `/e/${encodeURIComponent(landing.link)}` },
    { name: 'gift wheel', path: `/game/${encodeURIComponent(game.id)}` },
  ]
}
