// The ticket's one call: the ticket page and the appointment slip both read it.
import { ticketContract } from '../../shared/ticket.js'
import { call } from '../api.js'

export const obtenerTicket = (id: string, signal?: AbortSignal) =>
  call(ticketContract, { params: { id }, signal })
