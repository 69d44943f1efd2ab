// The ticket's one call.
import { ticketContract } from '../../../shared/ticket.js'
import { call } from '../../api.js'

export const obtenerTicket = (id: string, signal?: AbortSignal) =>
  call(ticketContract, { params: { id }, signal })
