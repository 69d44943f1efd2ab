// The clinic's identity as admins change it, through its shared contracts.
import {
  cambiarClinicaContract,
  cambiarLogoContract,
  quitarLogoContract,
  type CambioClinica,
} from '../../../shared/clinica.js'
import { call } from '../../api.js'

export const cambiarClinica = (body: CambioClinica) => call(cambiarClinicaContract, { body })

export const cambiarLogo = (imagen: string) => call(cambiarLogoContract, { body: { imagen } })

export const quitarLogo = () => call(quitarLogoContract, {})
