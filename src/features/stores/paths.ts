// The store screens' addresses.
export const STORE_LIST_PATH = '/pages/stores/all'
export const storePath = (id: string) => `/pages/stores/${id}`
