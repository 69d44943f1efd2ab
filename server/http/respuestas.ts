// Database rows → the shapes the contracts answer with (derived edad, nombreCompleto, ISO instants).
import { MINUTOS_DESHACER, type Atencion } from '../../shared/atenciones.js'
import type { BusquedaFila } from '../../shared/busqueda.js'
import { edadDetallada, type EdadDetallada } from '../../shared/edad.js'
import { nombreCompleto, type Paciente } from '../../shared/paciente-datos.js'
import {
  type Duplicado,
  type EventoHistorial,
  type Familiar,
  type PacienteResumen,
} from '../../shared/pacientes.js'
import { CAMPOS } from '../../shared/paciente-campos.js'
import type { AtencionFila } from '../queries/atenciones.js'
import type { BusquedaFilaBd } from '../queries/busqueda.js'
import type {
  HijoFila,
  HistorialFila,
  PacienteFila,
  PacienteListaFila,
} from '../queries/pacientes.js'
import type { Bloqueo } from '../../shared/bloqueos.js'
import { aLocal } from '../horario.js'
import type { BloqueoFila } from '../queries/bloqueos.js'

/** Age at `en`; a birth date after `en` (bad data) counts as a newborn. */
export function edadEn(fechaNacimiento: string, en: string): EdadDetallada {
  return edadDetallada(fechaNacimiento, en) ?? { tipoEdad: 'días', edad: 0 }
}

export function aPaciente(f: PacienteFila, hoy: string): Paciente {
  return {
    ...f,
    nombreCompleto: nombreCompleto(f),
    ...edadEn(f.fechaNacimiento, hoy),
    aceptaPolitica: true,
    politicaAceptadaEn: f.politicaAceptadaEn.toISOString(),
    creadoEn: f.creadoEn.toISOString(),
  }
}

/** A newborn's mother, a mother's newborn: who they are, as the linked page names them. */
export const aFamiliar = (f: HijoFila): Familiar => ({
  id: f.id,
  nombreCompleto: nombreCompleto(f),
  tipoDocumento: f.tipoDocumento,
  documento: f.documento,
  fechaNacimiento: f.fechaNacimiento,
})

/** A patient as the form's checks name it: possible duplicates, the holder of a document. */
export function aDuplicado(f: PacienteFila): Duplicado {
  return {
    id: f.id,
    tipoDocumento: f.tipoDocumento,
    documento: f.documento,
    nombreCompleto: nombreCompleto(f),
    fechaNacimiento: f.fechaNacimiento,
  }
}

export function aAtencion(f: AtencionFila): Atencion {
  const {
    ultimoCambioDesde,
    ultimoCambioUsuario,
    ultimoCambioNombre,
    ultimoCambioEn,
    inicio: _inicio,
    fin: _fin,
    ...a
  } = f
  return {
    ...a,
    // Booked into a time (a turno), not only placed in a sala: a walk-in has a sala too.
    cita: f.inicio !== null,
    estudios: f.estudios.map((nombre) => ({ nombre })),
    creadoEn: f.creadoEn.toISOString(),
    actualizadoEn: f.actualizadoEn.toISOString(),
    ultimoCambio:
      ultimoCambioDesde && ultimoCambioEn
        ? {
            desde: ultimoCambioDesde,
            usuario: ultimoCambioUsuario ?? '',
            nombre: ultimoCambioNombre ?? '',
            en: ultimoCambioEn.toISOString(),
            deshacibleHasta: new Date(
              ultimoCambioEn.getTime() + MINUTOS_DESHACER * 60_000,
            ).toISOString(),
          }
        : null,
  }
}

export function aResumen(f: PacienteListaFila, hoy: string): PacienteResumen {
  return {
    id: f.id,
    tipoDocumento: f.tipoDocumento,
    documento: f.documento,
    nombreCompleto: nombreCompleto(f),
    fechaNacimiento: f.fechaNacimiento,
    ...edadEn(f.fechaNacimiento, hoy),
    sexo: f.sexo,
    celular: f.celular,
    estudios: f.modalidades,
    creadoEn: f.creadoEn.toISOString(),
  }
}

export function aFilaBusqueda(f: BusquedaFilaBd, hoy: string): BusquedaFila {
  // Each field by name, the row's key left out: a rest-and-spread copy of each row took V8's slow
  // path, the largest share of the server's own work on a search page
  // (docs/presupuestos.md#cpu-por-solicitud).
  const { tipoEdad, edad } = edadEn(f.fechaNacimiento, f.fechaLlegada ?? hoy)
  return {
    id: f.id,
    atencionId: f.atencionId,
    cita: f.cita,
    tipoDocumento: f.tipoDocumento,
    documento: f.documento,
    primerNombre: f.primerNombre,
    segundoNombre: f.segundoNombre,
    primerApellido: f.primerApellido,
    segundoApellido: f.segundoApellido,
    nombreCompleto: nombreCompleto(f),
    fechaNacimiento: f.fechaNacimiento,
    tipoEdad,
    edad,
    estudios: (f.estudios ?? []).map((nombre) => ({ nombre })),
    modalidad: f.modalidad,
    sede: f.sede,
    estado: f.estado,
    procedencia: f.procedencia,
    fechaLlegada: f.fechaLlegada,
    horaLlegada: f.horaLlegada,
    prioridad: f.prioridad,
    interrumpida: f.interrumpida === true,
  }
}

/** A history entry: its changed fields in the form's order. */
export function aEventoHistorial(f: HistorialFila): EventoHistorial {
  const cambios = f.detalle?.cambios ?? {}
  return {
    id: Number(f.id),
    en: f.en.toISOString(),
    usuario: f.usuario,
    accion: f.accion,
    version: f.accion === 'paciente.registrado' ? 1 : (f.detalle?.version ?? null),
    cambios: CAMPOS.filter((campo) => campo in cambios).map((campo) => ({
      campo,
      antes: cambios[campo]!.antes,
      despues: cambios[campo]!.despues,
    })),
  }
}

/** A sala's blocked period in the clinic's local times. */
export const aBloqueo = (b: BloqueoFila, tz: string): Bloqueo => ({
  id: b.id,
  salaId: b.salaId,
  inicio: aLocal(b.inicio, tz),
  fin: aLocal(b.fin, tz),
  motivo: b.motivo,
})
