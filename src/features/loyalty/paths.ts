// The loyalty page's address and its tabs in the query.
export const LOYALTY_PATH = '/pages/loyalty'

/** The address of a tab (the customers tab keeps the client list's query after it). */
export const tabPath = (tab: 'card' | 'customers', clientQuery = '') =>
  tab === 'customers'
    ? `${LOYALTY_PATH}?tab=customers${clientQuery ? `&${clientQuery.replace(/^\?/, '')}` : ''}`
    : LOYALTY_PATH
export const tabOf = (search: string) =>
  new URLSearchParams(search.replace(/^\?/, '')).get('tab') === 'customers' ? 'customers' : 'card'
