// A demo store's counter tag as its owner's back office lists it (tag ids are random): the e2e
// journeys that collect points at a store (scan page, messages sent) start from it.
export type TagRef = { storeId: string; franchiseId: string; id: string; uid: string }

export async function counterTag(baseURL: string, email: string, storeName: string): Promise<TagRef> {
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  })
  const headers = { authorization: `Bearer ${(await login.json()).id}` }
  const stores = (await (await fetch(`${baseURL}/api/v2/stores/owned`, { headers })).json()) as {
    id: string
    name: string
    franchiseId: string
  }[]
  const store = stores.find((s) => s.name === storeName)
  if (!store) throw new Error(`${email} has no store named ${storeName}`)
  const tags = await (
    await fetch(`${baseURL}/api/v2/franchises/${store.franchiseId}/tags?storeId=${store.id}`, { headers })
  ).json()
  return { storeId: store.id, franchiseId: store.franchiseId, id: tags.data[0].id, uid: tags.data[0].tagId }
}
