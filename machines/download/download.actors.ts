// The default actor of a download link: the ticket call of src/api, aborted through `signal`.
import { fromPromise } from 'xstate'
import { downloadsApi } from '../../src/api/downloads'
import type { DownloadTicketOutput } from './download.machine'

export const downloadTicket = fromPromise<DownloadTicketOutput>(({ signal }) => downloadsApi.ticket(signal))
