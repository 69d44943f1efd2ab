// Every call that answers with patient data leaves its audit record (DESIGN: every read of patient
// data is audited). The routes are found in the served OpenAPI document: any operation whose
// success answer carries a patient's fields must have its case here, so a new one cannot ship
// unaudited unnoticed. Each case calls the route for real and finds its record, by whom.
import { feriadoNacional } from '../shared/feriados.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { AccionAuditoria } from '../shared/auditoria.js'
import { diaIso } from '../shared/citas.js'
import { hoyEn } from '../shared/edad.js'
import { diaSiguiente } from './horario.js'
import { CONTRASENA_PRUEBA, createTestApp, type TestApp } from './test/app.js'
import { citaAhora, crearAtencion, crearPaciente, datosPaciente } from './test/factories.js'
import { insertarInformeFinal } from './test/informes.js'
import { analitos, atencionLab, llamadas } from './test/resultados.js'

let t: TestApp
let admin: Record<string, string>
beforeAll(async () => {
  // An SMTP server nobody listens on: a request for an email is queued (and audited) all the same.
  t = await createTestApp({
    CLINIC_TZ: 'America/Lima',
    SMTP_URL: 'smtp://127.0.0.1:9',
    SMTP_FROM: 'avisos@clinica.test',
  })
  admin = await t.login('admin')
})
afterAll(async () => {
  await t?.close()
})

/** Field names that make an answer patient data. */
const CAMPOS = new Set(['pacienteId', 'documento', 'nombreCompleto', 'paciente', 'primerNombre'])

type Esquema = Record<string, unknown> & { $ref?: string; properties?: Record<string, unknown> }
interface Documento {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>
  components?: { schemas?: Record<string, unknown> }
}

function llevaPaciente(s: unknown, doc: Documento, vistos = new Set<unknown>()): boolean {
  if (!s || typeof s !== 'object' || vistos.has(s)) return false
  vistos.add(s)
  const o = s as Esquema
  if (typeof o.$ref === 'string')
    return llevaPaciente(doc.components?.schemas?.[o.$ref.split('/').pop()!], doc, vistos)
  if (o.properties && Object.keys(o.properties).some((k) => CAMPOS.has(k))) return true
  return Object.values(o).some((v) => llevaPaciente(v, doc, vistos))
}

/** A weekday at least two days ahead in Lima (the seeded salas open Monday to Saturday). */
function diaDeCitas(): string {
  let f = diaSiguiente(diaSiguiente(hoyEn('America/Lima')))
  // Sundays the salas close; a feriado nacional takes no citas.
  while (diaIso(f) === 7 || feriadoNacional(f)) f = diaSiguiente(f)
  return f
}

const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })

/** A new patient with a signed RX informe, and their email set as the desk would. */
async function conInformeFirmado(correo: string | null) {
  const f = await insertarInformeFinal(t.db.sql, {
    modalidad: 'RX',
    completadoEn: '2026-11-20T14:00:00Z',
    firmadoEn: '2026-11-20T15:30:00Z',
  })
  const [q] = await t.db.sql<{ id: number }[]>`
    update pacientes set correo_electronico = ${correo}
    where id = (select paciente_id from atenciones where id = ${f.atencion}) returning id`
  return { ...f, pacienteId: q!.id }
}

interface Caso {
  /** The call, answering 2xx. */
  llamar(): Promise<{ statusCode: number; body: string }>
  /** The record it must leave. */
  accion: AccionAuditoria
  /** Whose session calls (an admin for the admin-only lists). */
  usuario: 'prueba.recepcion' | 'prueba.admin' | 'prueba.medico' | 'prueba.tecnologo'
}

test('cada ruta que responde datos de pacientes deja su registro de auditoría', async () => {
  const doc = (await t.app.inject({ url: '/docs/json', headers: t.headers })).json<Documento>()
  const conPacientes: string[] = []
  for (const [ruta, operaciones] of Object.entries(doc.paths))
    for (const [metodo, op] of Object.entries(operaciones)) {
      const exito = Object.entries(op.responses ?? {}).filter(([c]) => c.startsWith('2'))
      if (exito.some(([, r]) => llevaPaciente(r, doc)))
        conPacientes.push(`${metodo.toUpperCase()} ${ruta}`)
    }
  // The discovery finds the obvious ones; if it found none, it is broken, not the app audited.
  expect(conPacientes).toContain('GET /pacientes/{id}')

  const p = await crearPaciente(t, { primerNombre: 'Auditada', primerApellido: 'Lecturas' })
  const otro = await crearPaciente(t, { primerNombre: 'Auditada', primerApellido: 'Lecturas' })
  const atencion = await crearAtencion(t, p.id)
  const fecha = diaDeCitas()
  const [sala] = await t.db.sql<{ id: number }[]>`
    select id from salas where sede = 'Lima' and modalidad = 'RX' order by id limit 1`
  const reservar = (inicio: string) =>
    t.app.inject({
      method: 'POST',
      url: '/citas',
      headers: json(t.headers),
      payload: { pacienteId: p.id, salaId: sala!.id, inicio, estudios: [{ nombre: 'Mano' }] },
    })
  const cita = (await reservar(`${fecha}T09:00`)).json<{ id: number }>()
  const paraLlegar = (await reservar(`${fecha}T11:00`)).json<{ id: number }>()
  await citaAhora(t.db.sql, paraLlegar.id) // an arrival is marked on the cita's own day
  // A step a modality reported with no atención: what GET /mpps/pendientes serves.
  await t.db.sql`
    insert into mpps (uid, sala_id, estado, datos)
    values ('1.2.826.0.1.3680043.10.9.1', ${sala!.id}, 'IN PROGRESS', ${t.db.sql.json({})})`
  const personal =
    (url: string, method = 'GET', payload?: object) =>
    () =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: payload ? json(t.headers) : t.headers,
        payload,
      })
  const deAdmin = (url: string) => () => t.app.inject({ url, headers: admin })
  // A médico's informe of a completed study, and one signed to be corrected; the cases run in
  // order, each on what the one before left.
  const medico = await t.login('medico')
  const completada = async () => {
    const a = await crearAtencion(t, p.id)
    await t.db.sql`update atenciones set estado = 'Completado' where id = ${a.id}`
    return a.id
  }
  const porInformar = await completada()
  const paraCorregir = await completada()
  let informe = 0
  const deMedico =
    (url: () => string, method = 'GET', payload?: object, extra: Record<string, string> = {}) =>
    async () => {
      const res = await t.app.inject({
        method: method as 'GET',
        url: url(),
        headers: { ...(payload ? json(medico) : medico), ...extra },
        payload,
      })
      if (method === 'POST' && url().endsWith('/informe')) informe = res.json<{ id: number }>().id
      return res
    }
  const CONTENIDO = { conclusion: [{ tipo: 'parrafo', tramos: [{ t: 'Sin hallazgos.' }] }] }
  const firmar = (id: number) =>
    t.app.inject({
      method: 'POST',
      url: `/informes/${id}/firmar`,
      headers: json(medico),
      payload: { contrasena: CONTRASENA_PRUEBA },
    })

  // A LAB atención of the patient with its sample received: the technologist types, the médico
  // validates.
  const tecnologo = await t.login('tecnologo')
  const { atencion: lab } = await atencionLab(t.db.sql, { pacienteId: p.id, estudios: ['Glucosa'] })
  const ids = await analitos(t.db.sql)
  const resultados = llamadas(t)
  const glucosa = ids.GLU!

  const casos: Record<string, Caso> = {
    'GET /atenciones/{id}/resultados': {
      llamar: () => resultados.leer(lab, tecnologo),
      accion: 'resultados.consultados',
      usuario: 'prueba.tecnologo',
    },
    'PUT /atenciones/{id}/resultados': {
      llamar: () => resultados.guardar(lab, tecnologo, [{ analitoId: glucosa, valor: 90 }]),
      accion: 'resultados.guardados',
      usuario: 'prueba.tecnologo',
    },
    'POST /atenciones/{id}/resultados/validar': {
      llamar: () => resultados.validar(lab, medico),
      accion: 'resultados.validados',
      usuario: 'prueba.medico',
    },
    'GET /laboratorio/analitos/{id}/resultados': {
      llamar: () =>
        t.app.inject({ url: `/laboratorio/analitos/${glucosa}/resultados`, headers: tecnologo }),
      accion: 'resultados.por_analito',
      usuario: 'prueba.tecnologo',
    },
    'GET /pacientes': {
      llamar: personal('/pacientes'),
      accion: 'pacientes.listados',
      usuario: 'prueba.recepcion',
    },
    'POST /pacientes': {
      llamar: personal('/pacientes', 'POST', datosPaciente()),
      accion: 'paciente.registrado',
      usuario: 'prueba.recepcion',
    },
    'GET /pacientes/buscar': {
      llamar: personal('/pacientes/buscar?q=lecturas'),
      accion: 'pacientes.buscados',
      usuario: 'prueba.recepcion',
    },
    'GET /pacientes/buscar.csv': {
      llamar: personal('/pacientes/buscar.csv?q=lecturas'),
      accion: 'pacientes.exportados',
      usuario: 'prueba.recepcion',
    },
    'GET /pacientes/posibles-duplicados': {
      llamar: personal(
        '/pacientes/posibles-duplicados?primerNombre=Auditada&primerApellido=Lecturas&fechaNacimiento=1985-04-12',
      ),
      accion: 'pacientes.buscados',
      usuario: 'prueba.recepcion',
    },
    'GET /pacientes/por-documento': {
      llamar: personal(`/pacientes/por-documento?tipoDocumento=dni&documento=${p.documento}`),
      accion: 'pacientes.buscados',
      usuario: 'prueba.recepcion',
    },
    'GET /pacientes/{id}': {
      llamar: personal(`/pacientes/${p.id}`),
      accion: 'paciente.consultado',
      usuario: 'prueba.recepcion',
    },
    'PATCH /pacientes/{id}': {
      llamar: async () => {
        const leido = await t.app.inject({ url: `/pacientes/${p.id}`, headers: t.headers })
        return t.app.inject({
          method: 'PATCH',
          url: `/pacientes/${p.id}`,
          headers: { ...json(t.headers), 'if-match': leido.headers.etag as string },
          payload: { direccion: 'Jr. Auditado 1' },
        })
      },
      accion: 'paciente.modificado',
      usuario: 'prueba.recepcion',
    },
    'GET /pacientes/{id}/historial': {
      llamar: personal(`/pacientes/${p.id}/historial`),
      accion: 'historial.consultado',
      usuario: 'prueba.recepcion',
    },
    'GET /pacientes/{id}/citas': {
      llamar: personal(`/pacientes/${p.id}/citas`),
      accion: 'citas.consultadas',
      usuario: 'prueba.recepcion',
    },
    'POST /pacientes/{id}/atenciones': {
      llamar: personal(`/pacientes/${otro.id}/atenciones`, 'POST', {
        modalidad: 'RX',
        estudios: [{ nombre: 'Mano' }],
        sede: 'Lima',
      }),
      accion: 'atencion.creada',
      usuario: 'prueba.recepcion',
    },
    'POST /pacientes/{id}/visitas': {
      llamar: personal(`/pacientes/${otro.id}/visitas`, 'POST', {
        sede: 'Lima',
        atenciones: [
          { modalidad: 'RX', estudios: [{ nombre: 'Mano' }] },
          { modalidad: 'LAB', estudios: [{ nombre: 'Glucosa' }] },
        ],
      }),
      accion: 'atencion.creada',
      usuario: 'prueba.recepcion',
    },
    'PATCH /atenciones/{id}': {
      llamar: personal(`/atenciones/${atencion.id}`, 'PATCH', { estado: 'En proceso' }),
      accion: 'atencion.modificada',
      usuario: 'prueba.recepcion',
    },
    'POST /atenciones/{id}/deshacer': {
      llamar: personal(`/atenciones/${atencion.id}/deshacer`, 'POST', { estado: 'En proceso' }),
      accion: 'atencion.estado_deshecho',
      usuario: 'prueba.recepcion',
    },
    'GET /atenciones/{id}/ticket': {
      llamar: personal(`/atenciones/${atencion.id}/ticket`),
      accion: 'ticket.consultado',
      usuario: 'prueba.recepcion',
    },
    'GET /informes': {
      llamar: personal('/informes?estado=pendiente'),
      accion: 'informes.listados',
      usuario: 'prueba.recepcion',
    },
    'POST /atenciones/{id}/informe': {
      llamar: deMedico(() => `/atenciones/${porInformar}/informe`, 'POST'),
      accion: 'informe.creado',
      usuario: 'prueba.medico',
    },
    'GET /informes/{id}': {
      llamar: deMedico(() => `/informes/${informe}`),
      accion: 'informe.consultado',
      usuario: 'prueba.medico',
    },
    'GET /atenciones/{id}/informes': {
      llamar: deMedico(() => `/atenciones/${porInformar}/informes`),
      accion: 'informe.consultado',
      usuario: 'prueba.medico',
    },
    'PUT /informes/{id}': {
      llamar: deMedico(
        () => `/informes/${informe}`,
        'PUT',
        { contenido: CONTENIDO },
        {
          'if-match': '"1"',
        },
      ),
      accion: 'informe.guardado',
      usuario: 'prueba.medico',
    },
    'POST /informes/{id}/liberar': {
      llamar: deMedico(() => `/informes/${informe}/liberar`, 'POST'),
      accion: 'informe.liberado',
      usuario: 'prueba.medico',
    },
    'POST /informes/{id}/tomar': {
      llamar: deMedico(() => `/informes/${informe}/tomar`, 'POST'),
      accion: 'informe.tomado',
      usuario: 'prueba.medico',
    },
    'POST /informes/{id}/firmar': {
      llamar: () => firmar(informe),
      accion: 'informe.firmado',
      usuario: 'prueba.medico',
    },
    'POST /informes/{id}/adenda': {
      llamar: deMedico(() => `/informes/${informe}/adenda`, 'POST', { motivo: 'Estudio previo' }),
      accion: 'informe.adenda',
      usuario: 'prueba.medico',
    },
    'POST /informes/{id}/correccion': {
      llamar: async () => {
        const abierto = await deMedico(() => `/atenciones/${paraCorregir}/informe`, 'POST')()
        const { id } = abierto.json<{ id: number }>()
        await deMedico(
          () => `/informes/${id}`,
          'PUT',
          { contenido: CONTENIDO },
          { 'if-match': '"1"' },
        )()
        await firmar(id)
        return deMedico(() => `/informes/${id}/correccion`, 'POST', { motivo: 'Lateralidad' })()
      },
      accion: 'informe.correccion',
      usuario: 'prueba.medico',
    },
    'GET /hallazgos-criticos': {
      llamar: personal('/hallazgos-criticos'),
      accion: 'hallazgos.listados',
      usuario: 'prueba.recepcion',
    },
    // The informe signed above, flagged critical as signing would have.
    'POST /hallazgos-criticos/{id}/comunicacion': {
      llamar: async () => {
        const [h] = await t.db.sql<{ id: number }[]>`
          insert into hallazgos_criticos (informe_id) values (${informe}) returning id`
        return personal(`/hallazgos-criticos/${h!.id}/comunicacion`, 'POST', {
          comunicadoA: 'Dr. Auditado, médico tratante',
          medio: 'Teléfono',
          releido: true,
        })()
      },
      accion: 'hallazgo.comunicado',
      usuario: 'prueba.recepcion',
    },
    'GET /agenda': {
      llamar: personal(`/agenda?sede=Lima&fecha=${fecha}`),
      accion: 'agenda.consultada',
      usuario: 'prueba.recepcion',
    },
    'POST /citas': {
      llamar: () => reservar(`${fecha}T13:00`),
      accion: 'cita.creada',
      usuario: 'prueba.recepcion',
    },
    'POST /citas/{id}/reprogramar': {
      llamar: personal(`/citas/${cita.id}/reprogramar`, 'POST', { inicio: `${fecha}T15:00` }),
      accion: 'cita.reprogramada',
      usuario: 'prueba.recepcion',
    },
    'POST /citas/{id}/reprogramar/deshacer': {
      llamar: personal(`/citas/${cita.id}/reprogramar/deshacer`, 'POST', {
        inicio: `${fecha}T15:00`,
      }),
      accion: 'cita.reprogramacion_deshecha',
      usuario: 'prueba.recepcion',
    },
    'POST /citas/{id}/llegada': {
      llamar: personal(`/citas/${paraLlegar.id}/llegada`, 'POST'),
      accion: 'cita.llegada',
      usuario: 'prueba.recepcion',
    },
    'GET /estadisticas': {
      llamar: personal('/estadisticas'),
      accion: 'pacientes.listados',
      usuario: 'prueba.recepcion',
    },
    'GET /auditoria': {
      llamar: deAdmin('/auditoria'),
      accion: 'auditoria.consultada',
      usuario: 'prueba.admin',
    },
    'GET /auditoria.csv': {
      llamar: deAdmin('/auditoria.csv'),
      accion: 'auditoria.exportada',
      usuario: 'prueba.admin',
    },
    'GET /pacientes/fusiones': {
      llamar: deAdmin('/pacientes/fusiones'),
      accion: 'pacientes.listados',
      usuario: 'prueba.admin',
    },
    'GET /pacientes/duplicados': {
      llamar: deAdmin('/pacientes/duplicados'),
      accion: 'pacientes.listados',
      usuario: 'prueba.admin',
    },
    'GET /mpps/pendientes': {
      llamar: personal('/mpps/pendientes'),
      accion: 'mpps.consultados',
      usuario: 'prueba.recepcion',
    },
    'GET /pacientes/{id}/correos': {
      llamar: personal(`/pacientes/${p.id}/correos`),
      accion: 'correos.consultados',
      usuario: 'prueba.recepcion',
    },
    'POST /pacientes/{id}/correos': {
      llamar: async () => {
        const f = await conInformeFirmado('auditada@correo.test')
        return t.app.inject({
          method: 'POST',
          url: `/pacientes/${f.pacienteId}/correos`,
          headers: json(t.headers),
          payload: { documento: 'informe', documentoId: f.informe },
        })
      },
      accion: 'correo.pedido',
      usuario: 'prueba.recepcion',
    },
    'GET /pacientes/{id}/entregas': {
      llamar: personal(`/pacientes/${p.id}/entregas`),
      accion: 'entregas.consultadas',
      usuario: 'prueba.recepcion',
    },
    'POST /pacientes/{id}/entregas': {
      llamar: async () => {
        const f = await conInformeFirmado(null)
        return t.app.inject({
          method: 'POST',
          url: `/pacientes/${f.pacienteId}/entregas`,
          headers: json(t.headers),
          payload: {
            documento: 'informe',
            documentoId: f.informe,
            recibeNombre: 'Rosa Quispe',
            recibeTipoDocumento: 'dni',
            recibeDocumento: '45678912',
          },
        })
      },
      accion: 'entrega.registrada',
      usuario: 'prueba.recepcion',
    },
    'GET /laboratorio/lista': {
      llamar: personal('/laboratorio/lista'),
      accion: 'laboratorio.lista',
      usuario: 'prueba.recepcion',
    },
    // It names the citas left inside the block: the one booked at 09:00.
    'POST /configuracion/salas/{id}/bloqueos': {
      llamar: () =>
        t.app.inject({
          method: 'POST',
          url: `/configuracion/salas/${sala!.id}/bloqueos`,
          headers: json(admin),
          payload: { inicio: `${fecha}T09:00`, fin: `${fecha}T10:00`, motivo: 'Mantenimiento' },
        }),
      accion: 'bloqueo.creado',
      usuario: 'prueba.admin',
    },
  }
  expect(conPacientes.filter((r) => !(r in casos))).toEqual([])

  for (const [ruta, caso] of Object.entries(casos)) {
    const [antes] = await t.db.sql<
      { id: string }[]
    >`select coalesce(max(id), 0) as id from auditoria`
    const res = await caso.llamar()
    expect(res.statusCode, `${ruta}: ${res.body.slice(0, 300)}`).toBeLessThan(300)
    const nuevos = await t.db.sql<{ accion: string; usuario: string }[]>`
      select accion, usuario from auditoria where id > ${antes!.id} order by id`
    expect(nuevos, ruta).toContainEqual({ accion: caso.accion, usuario: caso.usuario })
  }
})

test('un 409 que nombra a quien tiene el documento queda registrado sobre ese paciente', async () => {
  const p = await crearPaciente(t)
  const res = await t.app.inject({
    method: 'POST',
    url: '/pacientes',
    headers: json(t.headers),
    payload: datosPaciente({ documento: p.documento }),
  })
  expect(res.statusCode).toBe(409)
  expect(res.json()).toMatchObject({ id: p.id })
  const [fila] = await t.db.sql<{ pacienteId: string; detalle: Record<string, unknown> }[]>`
    select paciente_id, detalle from auditoria
    where accion = 'pacientes.buscados' and paciente_id = ${p.id}`
  expect(fila).toEqual({
    pacienteId: String(p.id),
    detalle: { tipoDocumento: 'dni', documento: p.documento, busqueda: 'documento ya registrado' },
  })
})

test('un inicio de sesión fallido con una sesión viva en la cookie la cierra, registrado', async () => {
  const sesion = await t.login('recepcion')
  const res = await t.app.inject({
    method: 'POST',
    url: '/sesion',
    headers: sesion,
    payload: { usuario: 'prueba.recepcion', contrasena: 'no-es-la-clave-correcta' },
  })
  expect(res.statusCode).toBe(401)
  expect((await t.app.inject({ url: '/sesion', headers: sesion })).statusCode).toBe(401)
  const filas = await t.db.sql<{ usuario: string; detalle: Record<string, unknown> }[]>`
    select usuario, detalle from auditoria where accion = 'sesion.cerrada' order by id desc limit 1`
  expect(filas).toEqual([
    { usuario: 'prueba.recepcion', detalle: { motivo: 'nuevo inicio de sesión en el navegador' } },
  ])
})
