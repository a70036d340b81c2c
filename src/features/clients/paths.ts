// Where the client screens live: the list, and one client's page.
export const CLIENT_LIST_PATH = '/pages/user/clients'
export const clientPath = (id: string) => `${CLIENT_LIST_PATH}/${id}`
