// npm run bench: loads the data (through npm run seed, reused when present), checks each product
// query's plan, measures the naive baseline, then the built server over loopback, signed in.
// Exit 1 when a plan scans pacientes or atenciones sequentially, a budget is missed or a request fails.
import { randomBytes } from 'node:crypto'
import { cpus } from 'node:os'
import { resolve } from 'node:path'
import { PACIENTES_ACCESOS_FALLIDOS, preparaAccesosFallidos } from './accesos.js'
import { arrancarSmtp, esperarBandeja, preparaCorreos, type SmtpPrueba } from './correos.js'
import { preparaEntregas } from './entregas.js'
import { servirBaseline } from './baseline.js'
import {
  azar,
  CASOS_BUSQUEDA,
  CONEXIONES_INUNDACION,
  TASA_INUNDACION,
  consultas,
  ediciones,
  muestrear,
  PACIENTES_EDICION,
  registros,
  reservas,
  agendas,
  salasDeEspera,
  porInformar,
  hallazgosCriticos,
  TERMINOS_VACIOS,
  TITULOS,
  type CasoId,
  type Muestras,
} from './cases.js'
import { Captura, revisarPlanes } from './explain.js'
import { medirVacuum } from './vacuum.js'
import { crearSedePrueba, preparaVisitas, SEDE_PRUEBA } from './visitas.js'
import { SEDES } from '../shared/catalogos.js'
import { rutaVerificacion } from '../shared/verificacion-codigo.js'
import { consultasExportacion, EXPORTACIONES, medirExportacion } from './exportacion.js'
import {
  AE_BANCO,
  ENV_DICOM,
  medirHttpConWorklist,
  medirWorklistDia,
  registrarEquipo,
} from './worklist.js'
import type { Sql } from '../server/db.js'
import { contarCpu } from './cpu.js'
import {
  analizar,
  asegurarBaseDeDatos,
  bloques,
  conectar,
  contar,
  sembrar,
  sinEstadisticas,
  type Conteo,
} from './load.js'
import { medir, redondear, type Carga, type Medida } from './measure.js'
import { migrate } from '../server/migrate.js'
import { agendarCitas } from '../server/seed/citas.js'
import { completarLaboratorio } from '../server/seed/laboratorio-carga.js'
import { AYUDA, leerOpciones, type Opciones } from './options.js'
import { arrancarPostgresPropio } from './own-postgres.js'
import { guardar, linea, maquina, tabla, tablaComparada, type LineaCaso } from './report.js'
import { CRECIMIENTO_MAXIMO_MB, medirFirmas, rutasAbrirInforme } from './firmas.js'
import {
  preparaGuardado,
  preparaAccesos,
  preparaDocumentos,
  preparaHojas,
  rutasListaLaboratorio,
  rutasPorAnalito,
} from './laboratorio.js'
import { medirRespaldo } from './respaldo.js'
import { arrancar, paginas, type Servidor } from './server.js'
import { soak } from './soak.js'

const TZ = process.env.CLINIC_TZ || 'America/Lima'
const PAGINAS_LISTA = 20

async function prepararDatos(op: Opciones): Promise<{ conteo: Conteo; version: string }> {
  if (op.databaseUrl) await asegurarBaseDeDatos(op.databaseUrl)
  let con = await conectar(op, 1)
  let conteo = await contar(con.sql)
  if (conteo.pacientes < op.pacientes) {
    await con.cerrar()
    const env = op.databaseUrl
      ? { DATABASE_URL: op.databaseUrl }
      : { DATABASE_URL: '', DATA_DIR: op.dataDir }
    await sembrar(env, op.pacientes - conteo.pacientes)
    con = await conectar(op, 1)
    conteo = await contar(con.sql)
    console.log('Actualizando las estadísticas del planificador (vacuum analyze)…')
    await analizar(con.sql)
  } else {
    console.log(
      `Datos reutilizados: ${conteo.pacientes.toLocaleString('es-PE')} pacientes, ${conteo.atenciones.toLocaleString('es-PE')} atenciones.`,
    )
    // Data loaded by an earlier version: the plans below are checked against today's schema.
    const inicio = Date.now()
    const aplicadas = await migrate(con.sql)
    if (aplicadas.length > 0) {
      const segundos = ((Date.now() - inicio) / 1000).toFixed(1)
      console.log(
        `Migraciones aplicadas a los datos reutilizados: ${aplicadas.join(', ')} (${segundos} s).`,
      )
    }
    // Data loaded before citas existed, or whose citas are all past: book the coming weeks.
    const [futuras] = await con.sql<{ hay: boolean }[]>`
      select exists (select 1 from atenciones where turno is not null and lower(turno) > now()) as hay`
    let citas = 0
    if (!futuras?.hay) {
      citas = await agendarCitas(con.sql, { tz: TZ })
      console.log(`Citas reservadas en las próximas semanas: ${citas.toLocaleString('es-PE')}.`)
    }
    const lab = await completarLaboratorioReutilizado(con.sql)
    if (aplicadas.length > 0 || citas > 0 || lab || (await sinEstadisticas(con.sql)))
      await analizar(con.sql)
  }
  const [v] = await con.sql<{ version: string; sb: string }[]>`
    select version() as version, current_setting('shared_buffers') as sb`
  await con.cerrar()
  return { conteo, version: `${v!.version}; shared_buffers ${v!.sb}` }
}

/**
 * Data seeded before the seed wrote the laboratory's work: its LAB atenciones get their samples and
 * results now (completarLaboratorio), not a new load. Whether anything was written.
 */
async function completarLaboratorioReutilizado(sql: Sql): Promise<boolean> {
  const [f] = await sql<{ falta: boolean }[]>`
    select not exists (select 1 from resultados) and exists (
      select 1 from atenciones where modalidad = 'LAB' and estado = 'Informado') as falta`
  if (!f?.falta) return false
  console.log('Escribiendo el trabajo del laboratorio de los datos reutilizados…')
  const inicio = Date.now()
  const hecho = await completarLaboratorio(sql, { tz: TZ })
  console.log(
    `  ${hecho.muestras.toLocaleString('es-PE')} muestras y ${hecho.resultados.toLocaleString('es-PE')} resultados en ${Math.round((Date.now() - inicio) / 1000)} s.`,
  )
  return true
}

const incluye = (op: Opciones, caso: CasoId) => op.casos === null || op.casos.includes(caso)

interface Listas {
  busquedas: Map<CasoId, string[]>
  m: Muestras
  /** The export case's requests. */
  exportaciones: string[]
}

/** Plans and the baseline, straight on the database (before the server takes the embedded home). */
async function faseDirecta(op: Opciones, r: () => number, conteo: Conteo) {
  const captura = new Captura()
  const con = await conectar(op, op.conexiones, captura.debug, op.baselineSegundos * 1000)
  try {
    const m = await muestrear(con.sql, r, 3000, TZ)
    console.log(
      `Muestra: ${m.pacientes.length} pacientes y ${m.atenciones.length} atenciones para los términos de búsqueda.`,
    )
    const busquedas = new Map<CasoId, string[]>()
    for (const caso of CASOS_BUSQUEDA) busquedas.set(caso, consultas(caso, m, r, 5000))
    const exportaciones = consultasExportacion(m, conteo.atenciones, EXPORTACIONES + 1)
    if (op.soak)
      return {
        listas: { busquedas, m, exportaciones },
        revision: null,
        baseline: new Map<CasoId, Medida>(),
      }

    console.log('Revisando los planes (EXPLAIN ANALYZE) de cada consulta del producto…')
    const revision = await revisarPlanes(con.sql, captura, m, r, TZ, 5, op.baseline ? 3 : 0)
    for (const p of revision.planes.filter((x) => x.secuenciales.length > 0)) {
      console.log(
        `  SCAN SECUENCIAL en ${p.secuenciales.join(', ')}: ${p.caso} «${p.consulta}»\n    ${p.plan.join('\n    ')}`,
      )
    }
    for (const d of revision.diferencias)
      console.log(`  AVISO: la línea base responde otras filas en ${d.caso} «${d.consulta}»`)

    const baseline = new Map<CasoId, Medida>()
    if (op.baseline) {
      const srv = await servirBaseline(con.sql, TZ)
      try {
        const casos = [...CASOS_BUSQUEDA, 'listaPacientes' as const].filter((c) => incluye(op, c))
        for (const caso of casos) {
          const rutas =
            caso === 'listaPacientes'
              ? Array.from({ length: PAGINAS_LISTA }, (_, i) => `/lista?pagina=${i}`)
              : busquedas.get(caso)!.map((q) => `/buscar?${q}`)
          let i = 0
          process.stdout.write(`  línea base: ${caso}… `)
          const med = await medir({
            url: srv.url,
            siguiente: () => ({ path: rutas[i++ % rutas.length] }),
            conexiones: op.conexiones,
            maxSolicitudes: op.baselineSolicitudes,
            maxSegundos: op.baselineSegundos,
          })
          console.log(
            `p50 ${med.p50} ms, p99 ${med.p99} ms, ${med.rps} req/s (${med.solicitudes} solicitudes)`,
          )
          baseline.set(caso, med)
        }
      } finally {
        await srv.cerrar()
      }
    }
    return { listas: { busquedas, m, exportaciones }, revision, baseline }
  } finally {
    await con.cerrar()
  }
}

/** How long pedirCorreo waits after the case for the outbox to send what was asked. */
const SEGUNDOS_BANDEJA = 30

async function medirProducto(
  op: Opciones,
  s: Servidor,
  l: Listas,
  r: () => number,
  baseline: Map<CasoId, Medida>,
  smtp: SmtpPrueba | null,
) {
  // The embedded home has one connection, the server's: no counters from there.
  const con = op.databaseUrl ? await conectar(op, 1) : null
  try {
    return await medirCasos(op, s, l, r, baseline, con?.sql ?? null, smtp)
  } finally {
    await con?.cerrar()
  }
}

async function medirCasos(
  op: Opciones,
  s: Servidor,
  l: Listas,
  r: () => number,
  baseline: Map<CasoId, Medida>,
  estadisticas: Sql | null,
  smtp: SmtpPrueba | null,
) {
  const rutas = new Map<CasoId, string[]>()
  for (const [caso, qs] of l.busquedas)
    rutas.set(
      caso,
      qs.map((q) => `/pacientes/buscar?${q}`),
    )
  rutas.set('apellidoBajoInundacion', rutas.get('apellidoPrefijo') ?? [])
  rutas.set('listaPacientes', await paginas(s, '/pacientes?limite=50', PAGINAS_LISTA))
  // The bench signs in as the first admin: the duplicates list is admins' only.
  rutas.set('paginaDuplicados', await paginas(s, '/pacientes/duplicados?limite=50', PAGINAS_LISTA))
  rutas.set(
    'pacientePorId',
    l.m.pacientes.map((p) => `/pacientes/${p.id}`),
  )
  // The form asks it when Documento loses focus: the person waits for it like for a search.
  rutas.set(
    'documentoRegistrado',
    l.m.pacientes.map(
      (p) =>
        `/pacientes/por-documento?${new URLSearchParams({ tipoDocumento: p.tipoDocumento, documento: p.documento })}`,
    ),
  )
  // Every form that offers sedes or studies revalidates the catalogues: with the ETag, a 304.
  const etagCatalogos = (await fetch(`${s.url}/catalogos`, { headers: s.headers })).headers.get(
    'etag',
  )
  rutas.set('catalogos', ['/catalogos'])
  const cuerpo = registros(l.m, r)
  rutas.set('agendaDia', agendas(l.m.hoy, r, 5000))
  rutas.set('salaDeEspera', salasDeEspera(l.m, r, 5000))
  rutas.set('porInformar', porInformar(r, 5000))
  rutas.set('hallazgosPendientes', hallazgosCriticos('pendientes'))
  rutas.set('hallazgosComunicados', hallazgosCriticos('comunicados'))
  rutas.set('tiempoInforme', ['/estadisticas/informes'])
  rutas.set('abrirInforme', incluye(op, 'abrirInforme') ? await rutasAbrirInforme(s, l.m) : [])
  const reserva = incluye(op, 'reservarCita') ? await preparaReservas(s, l.m) : null
  const visitas =
    incluye(op, 'registrarVisita') || incluye(op, 'ticket')
      ? await preparaVisitas(s, l.m, SEDES[0])
      : null
  rutas.set('ticket', visitas?.tickets ?? [])
  rutas.set(
    'listaLaboratorio',
    incluye(op, 'listaLaboratorio') ? await rutasListaLaboratorio(s, l.m) : [],
  )
  rutas.set('porAnalito', incluye(op, 'porAnalito') ? await rutasPorAnalito(s, l.m) : [])
  const hojas =
    incluye(op, 'hojaPdf') ||
    incluye(op, 'verificarDocumento') ||
    incluye(op, 'accesoResultados') ||
    incluye(op, 'documentosPaciente') ||
    incluye(op, 'registrarEntrega') ||
    incluye(op, 'entregasPaciente') ||
    incluye(op, 'pedirCorreo')
      ? await preparaHojas(s, l.m, op.conexiones)
      : null
  const acceso =
    hojas && (incluye(op, 'accesoResultados') || incluye(op, 'documentosPaciente'))
      ? await preparaAccesos(s, hojas.pacientes)
      : null
  // The cookies last MINUTOS_ACCESO: taken right before their case, not here, or a run slow
  // enough to reach the case later than that measures 401s.
  const documentos =
    acceso && incluye(op, 'documentosPaciente') ? () => preparaDocumentos(s, acceso.cuerpos) : null
  // A run within 15 minutes of another would find its wrong tries still counted (429, not the
  // 401 measured): the bench's own database forgets them first. The embedded home has no second
  // connection: there, runs of these cases must be 15 minutes apart.
  if (
    estadisticas &&
    (incluye(op, 'accesoCodigoErrado') || incluye(op, 'accesoDocumentoInexistente'))
  )
    await estadisticas`delete from intentos_acceso`
  // From the other end of the sample: a new code would void the accesoResultados patients' own.
  const fallidos =
    incluye(op, 'accesoCodigoErrado') || incluye(op, 'accesoDocumentoInexistente')
      ? await preparaAccesosFallidos(s, l.m.pacientes.slice(-PACIENTES_ACCESOS_FALLIDOS))
      : null
  if (hojas)
    console.log(
      `  validación de ${hojas.validacion.solicitudes} hojas (PDF): p50 ${hojas.validacion.p50} ms, ` +
        `p99 ${hojas.validacion.p99} ms, ${hojas.validacion.rps}/s, estados ${JSON.stringify(hojas.validacion.estados)}`,
    )
  rutas.set('hojaPdf', hojas?.rutas ?? [])
  // Someone who scanned a sheet's QR: its code, as JSON (a program's request, or the page's own).
  rutas.set('verificarDocumento', hojas?.codigos.map(rutaVerificacion) ?? [])
  const entregas =
    hojas && (incluye(op, 'registrarEntrega') || incluye(op, 'entregasPaciente'))
      ? await preparaEntregas(s, hojas.pacientes)
      : null
  rutas.set('entregasPaciente', entregas?.rutas ?? [])
  // Counted from this server on (--comparar runs several, one after another, on one SMTP server).
  if (smtp) smtp.recibidos.length = 0
  const correos =
    hojas && smtp && incluye(op, 'pedirCorreo') ? await preparaCorreos(s, hojas.pacientes) : null
  const guardado = incluye(op, 'guardarHemograma') ? await preparaGuardado(s, l.m) : null
  const edicion = incluye(op, 'editarPaciente')
    ? await preparaEdicion(
        s,
        l.m.pacientes.slice(0, PACIENTES_EDICION).map((p) => p.id),
        r,
      )
    : null

  const lineas: LineaCaso[] = []
  const casos: CasoId[] = [
    ...CASOS_BUSQUEDA,
    'apellidoBajoInundacion',
    'listaPacientes',
    'paginaDuplicados',
    'pacientePorId',
    'documentoRegistrado',
    'catalogos',
    'registrarPaciente',
    'editarPaciente',
    'exportarCsv',
    'agendaDia',
    'salaDeEspera',
    'porInformar',
    'hallazgosPendientes',
    'hallazgosComunicados',
    'tiempoInforme',
    'abrirInforme',
    'firmarInforme',
    'reservarCita',
    'registrarVisita',
    'ticket',
    'worklistDia',
    'worklistLatin1',
    'httpConWorklist',
    'respaldo',
    'guardarHemograma',
    'listaLaboratorio',
    'porAnalito',
    'hojaPdf',
    'verificarDocumento',
    'accesoResultados',
    'documentosPaciente',
    'accesoCodigoErrado',
    'accesoDocumentoInexistente',
    'registrarEntrega',
    'entregasPaciente',
    // Last: the outbox goes on sending after the case, and it is waited for.
    'pedirCorreo',
  ]
  for (const caso of casos.filter((c) => incluye(op, c))) {
    if (caso === 'respaldo') {
      lineas.push(await lineaRespaldo(s, rutas.get('pacientePorId') ?? [], op))
      continue
    }
    if (caso === 'firmarInforme') {
      lineas.push(await lineaFirmas(s, l.m, op))
      continue
    }
    if (caso === 'worklistDia' || caso === 'worklistLatin1' || caso === 'httpConWorklist') {
      lineas.push(await lineaWorklist(caso, s, rutas.get('pacientePorId') ?? [], op))
      continue
    }
    if (caso === 'exportarCsv') {
      lineas.push(await lineaExportacion(s, l.exportaciones, baseline, op, estadisticas))
      continue
    }
    const registro = caso === 'registrarPaciente'
    const reservar = caso === 'reservarCita' ? reserva : null
    const deDocumentos =
      caso === 'documentosPaciente' && documentos ? await documentos() : undefined
    const visita =
      caso === 'registrarVisita'
        ? visitas?.visita
        : caso === 'accesoResultados'
          ? acceso?.siguiente
          : caso === 'documentosPaciente'
            ? deDocumentos
            : caso === 'accesoCodigoErrado'
              ? fallidos?.codigoErrado
              : caso === 'accesoDocumentoInexistente'
                ? fallidos?.documentoInexistente
                : caso === 'registrarEntrega'
                  ? entregas?.registrar
                  : caso === 'pedirCorreo'
                    ? correos?.pedir
                    : undefined
    // Both write with If-Match the version the previous answer for the same row gave.
    const editar =
      caso === 'editarPaciente' ? edicion : caso === 'guardarHemograma' ? guardado : null
    const lista = rutas.get(caso) ?? []
    // Warm-up from the end of the list, measurement from its start: different terms.
    let i = 0
    let w = 0
    // A visit is registered with the patient at the desk, like a search: measured at the searches'
    // concurrency against the p99 budget, not as a flood of writes.
    const conexiones = registro || reservar ? op.conexionesRegistro : op.conexiones
    const siguiente = (calentando: boolean) => (contexto: Record<string, unknown>) =>
      editar
        ? editar.siguiente(contexto)
        : visita
          ? visita()
          : reservar
            ? { method: 'POST', path: '/citas', body: JSON.stringify(reservar()) }
            : registro
              ? { method: 'POST', path: '/pacientes', body: JSON.stringify(cuerpo()) }
              : {
                  path: calentando
                    ? lista[lista.length - 1 - (w++ % lista.length)]!
                    : lista[i++ % lista.length]!,
                  ...(caso === 'catalogos' && etagCatalogos
                    ? { headers: { 'if-none-match': etagCatalogos } }
                    : {}),
                }
    const base = { url: s.url, headers: s.headers, conexiones, alResponder: editar?.alResponder }
    let calentadas = 0
    if (op.calentamiento > 0) {
      const c = await medir({
        ...base,
        siguiente: siguiente(true),
        maxSolicitudes: 1e9,
        maxSegundos: op.calentamiento,
      })
      calentadas = c.estados['202'] ?? 0
    }
    // A warm-up stopped with PATCHes in flight leaves their patients' versions unread.
    await editar?.leerVersiones()
    const antes = estadisticas && (await bloques(estadisticas))
    const cpu = await contarCpu(s.proceso.child.pid!, estadisticas)
    const med = await medirCaso(caso, base, siguiente(false), op)
    const l2 = linea(
      caso,
      registro
        ? 'POST /pacientes'
        : visita
          ? caso.startsWith('acceso')
            ? 'POST /resultados/acceso'
            : caso === 'documentosPaciente'
              ? 'GET /resultados/documentos'
              : caso === 'registrarEntrega'
                ? 'POST /pacientes/:id/entregas'
                : caso === 'pedirCorreo'
                  ? 'POST /pacientes/:id/correos'
                  : 'POST /pacientes/:id/visitas'
          : reservar
            ? 'POST /citas'
            : editar
              ? caso === 'guardarHemograma'
                ? 'PUT /atenciones/:id/resultados'
                : 'PATCH /pacientes/:id'
              : lista[0]!,
      conexiones,
      med,
      baseline.get(caso),
      !op.embebida,
    )
    l2.cpuMsPorSolicitud = await cpu(med.solicitudes)
    if (caso === 'hojaPdf' && hojas) l2.validacion = hojas.validacion
    if (estadisticas && antes) {
      // PostgreSQL's own counters: pages it had to read (from the OS cache or the disk) per request.
      const despues = await bloques(estadisticas)
      l2.bloquesLeidosPorSolicitud = redondear(
        (despues.leidos - antes.leidos) / Math.max(1, med.solicitudes),
      )
      l2.bloquesEnCachePorSolicitud = redondear(
        (despues.enCache - antes.enCache) / Math.max(1, med.solicitudes),
      )
    }
    console.log(
      `  ${l2.titulo}: p50 ${med.p50} ms, p99 ${med.p99} ms, ${med.rps} req/s (${med.solicitudes} solicitudes` +
        `${med.errores || med.no2xx ? `, ${med.errores} errores, estados ${JSON.stringify(med.estados)}` : ''})`,
    )
    lineas.push(l2)
    if (caso === 'pedirCorreo' && smtp && correos) {
      const total = correos.pacientes + calentadas + (med.estados['202'] ?? 0)
      const b = await esperarBandeja(smtp, total, SEGUNDOS_BANDEJA)
      l2.bandeja = b
      // What is left would be sent by the next run's server while it measures other cases: the
      // bench's own database forgets it (the embedded home has no second connection: there it
      // waits for the next run with this case).
      if (estadisticas) await estadisticas`delete from correos where estado = 'pendiente'`
      console.log(
        `  la bandeja: ${b.entregados} de ${b.correos} correos entregados al servidor SMTP de la prueba ` +
          `${b.segundos} s después del caso (${b.porSegundo} por segundo en ese tiempo)`,
      )
    }
  }
  return lineas
}

/** The DICOM cases (bench/worklist.ts), with the sala registered as this machine's equipment. */
async function lineaWorklist(
  caso: 'worklistDia' | 'worklistLatin1' | 'httpConWorklist',
  s: Servidor,
  rutas: string[],
  op: Opciones,
): Promise<LineaCaso> {
  // The same sala and day; Latin-1 adds the transliteration and the one-byte encoding of each item.
  await registrarEquipo(s, caso === 'worklistLatin1' ? 'ISO_IR 100' : 'ISO_IR 192')
  if (caso === 'worklistDia' || caso === 'worklistLatin1') {
    const m = await medirWorklistDia(op.solicitudes, op.segundos)
    console.log(
      `  ${TITULOS[caso]}: ${m.items} ítems por respuesta, p50 ${m.p50} ms, p99 ${m.p99} ms`,
    )
    return linea(caso, `DX ${AE_BANCO} hoy`, 1, m, undefined, !op.embebida)
  }
  const r = await medirHttpConWorklist(s, rutas, op.segundos)
  console.log(
    `  ${TITULOS[caso]}: sin C-FIND p50 ${r.sin.p50} ms, p99 ${r.sin.p99} ms; con C-FIND de ${r.items} ítems ` +
      `(${r.cfind.solicitudes} respuestas, cada una p50 ${r.cfind.p50} ms) p50 ${r.con.p50} ms, p99 ${r.con.p99} ms`,
  )
  return linea(caso, `C-FIND de ${r.items} ítems`, 4, r.con, r.sin, !op.embebida)
}

/** The export case: whole files one after another, their rows per second and the server's RSS. */
async function lineaRespaldo(s: Servidor, rutas: string[], op: Opciones): Promise<LineaCaso> {
  const r = await medirRespaldo(s, rutas, op)
  const l = linea('respaldo', rutas[0]!, 1, r.medida, undefined, !op.embebida)
  l.respaldo = r.respaldo
  console.log(
    `  ${l.titulo}: respaldo de ${r.respaldo.mb} MB en ${r.respaldo.segundos} s; ` +
      `${r.medida.solicitudes} lecturas, p50 ${r.medida.p50} ms, p99 ${r.medida.p99} ms, máx. ${r.medida.max} ms` +
      `${r.medida.no2xx ? `, estados ${JSON.stringify(r.medida.estados)}` : ''}`,
  )
  return l
}

async function lineaFirmas(s: Servidor, m: Muestras, op: Opciones): Promise<LineaCaso> {
  const f = await medirFirmas(s, m, op.conexiones, op.firmas)
  const l = linea(
    'firmarInforme',
    '/informes/:id/firmar',
    op.conexiones,
    f.medida,
    undefined,
    !op.embebida,
  )
  l.firmas = { rss: f.rss }
  const crecimiento = f.rss.despuesMb - f.rss.trasCienMb
  if (l.presupuesto && crecimiento > CRECIMIENTO_MAXIMO_MB)
    l.presupuesto = { ...l.presupuesto, cumple: false }
  console.log(
    `  ${l.titulo}: ${f.medida.solicitudes} firmas en ${f.medida.segundos} s (${f.medida.rps}/s; ` +
      `p50 ${f.medida.p50} ms, p99 ${f.medida.p99} ms); RSS del servidor ${f.rss.antesMb} MB antes, ` +
      `${f.rss.trasCienMb} MB tras 100, ${f.rss.maxMb} MB máx., ${f.rss.despuesMb} MB después ` +
      `(cada 100: ${f.cadaCien.join(', ')})` +
      `${f.medida.no2xx ? `, estados ${JSON.stringify(f.medida.estados)}` : ''}`,
  )
  return l
}

async function lineaVacuum(op: Opciones): Promise<LineaCaso> {
  const v = await medirVacuum(op.dataDir)
  const l = linea('vacuum', v.mayores[0]?.sentencia ?? '', 1, v.medida, undefined, false)
  l.vacuum = v.mayores
  console.log(
    `  ${l.titulo}: ${v.medida.solicitudes} sentencias en ${v.medida.segundos} s; p50 ${v.medida.p50} ms, ` +
      `máx. ${v.medida.max} ms; las más largas: ${v.mayores.map((m) => `${m.sentencia} ${m.ms} ms`).join(', ')}`,
  )
  return l
}

async function lineaExportacion(
  s: Servidor,
  rutas: string[],
  baseline: Map<CasoId, Medida>,
  op: Opciones,
  estadisticas: Sql | null,
): Promise<LineaCaso> {
  const e = await medirExportacion(s, rutas, estadisticas)
  const l = linea('exportarCsv', rutas[0]!, 1, e.medida, baseline.get('exportarCsv'), !op.embebida)
  l.cpuMsPorSolicitud = e.cpuMsPorSolicitud
  l.exportacion = { filas: e.filas, filasPorSegundo: e.filasPorSegundo, rss: e.rss }
  console.log(
    `  ${l.titulo}: ${e.medida.solicitudes} archivos, ${e.filas.toLocaleString('es-PE')} filas en ${e.medida.segundos} s ` +
      `(${e.filasPorSegundo.toLocaleString('es-PE')} filas/s; por archivo p50 ${e.medida.p50} ms, máx. ${e.medida.max} ms); ` +
      `RSS del servidor ${e.rss.antesMb} MB antes, ${e.rss.maxMb} MB máx. durante, ${e.rss.despuesMb} MB después` +
      `${e.medida.no2xx ? `, estados ${JSON.stringify(e.medida.estados)}` : ''}`,
  )
  return l
}

/**
 * Salas of this run for the booking case (LAB, open every day, all day, at the bench's own sede,
 * apart so its full days never reach the agenda case), so that its bookings never run into an
 * earlier run's: each body takes a slot no one holds.
 */
async function preparaReservas(s: Servidor, m: Muestras) {
  await crearSedePrueba(s)
  const etiqueta = randomBytes(4).toString('hex')
  const salas: number[] = []
  for (let i = 1; i <= 4; i++) {
    const res = await fetch(`${s.url}/configuracion/salas`, {
      method: 'POST',
      headers: s.headers,
      body: JSON.stringify({
        sede: SEDE_PRUEBA,
        modalidad: 'LAB',
        nombre: `Bench ${etiqueta} ${i}`,
        horario: Array.from({ length: 7 }, (_, d) => ({
          dia: d + 1,
          abre: '00:00',
          cierra: '23:59',
        })),
      }),
    })
    if (res.status !== 201) throw new Error(`No se pudo crear la sala de la prueba: ${res.status}`)
    salas.push(((await res.json()) as { id: number }).id)
  }
  const manana = new Date(`${m.hoy}T00:00:00Z`)
  manana.setUTCDate(manana.getUTCDate() + 1)
  return reservas(m, salas, manana.toISOString().slice(0, 10))
}

/**
 * The edit case's requests: each patient's version is read first (GET's ETag), then every PATCH
 * names the version the last answer for that patient gave, so each one succeeds; a patient comes
 * back only after PACIENTES_EDICION others.
 */
async function preparaEdicion(s: Servidor, ids: number[], r: () => number) {
  const versiones = new Map<number, string>()
  /** Reads every patient's current version (also after the warm-up, whose last answers are cut). */
  const leerVersiones = async () => {
    for (const id of ids) {
      const res = await fetch(`${s.url}/pacientes/${id}`, {
        headers: { cookie: s.headers.cookie!, accept: 'application/json' },
      })
      await res.arrayBuffer()
      const etag = res.headers.get('etag')
      if (res.status !== 200 || !etag)
        throw new Error(`GET /pacientes/${id}: ${res.status} sin ETag`)
      versiones.set(id, etag)
    }
  }
  await leerVersiones()
  const cuerpo = ediciones(r)
  let i = 0
  return {
    leerVersiones,
    siguiente(contexto: Record<string, unknown>) {
      const id = ids[i++ % ids.length]!
      contexto.paciente = id
      return {
        method: 'PATCH',
        path: `/pacientes/${id}`,
        headers: { 'if-match': versiones.get(id)! },
        body: JSON.stringify(cuerpo()),
      }
    },
    alResponder(
      _estado: number,
      cabeceras: Record<string, string>,
      contexto: Record<string, unknown>,
    ) {
      const etag = Object.entries(cabeceras).find(([k]) => k.toLowerCase() === 'etag')?.[1]
      if (etag && typeof contexto.paciente === 'number') versiones.set(contexto.paciente, etag)
    },
  }
}

/**
 * The case's measured load; `apellidoBajoInundacion` runs it while CONEXIONES_INUNDACION more
 * connections send searches with nothing to index, which must cost the others nothing.
 */
async function medirCaso(
  caso: CasoId,
  base: Omit<Carga, 'siguiente' | 'maxSolicitudes' | 'maxSegundos'>,
  siguiente: Carga['siguiente'],
  op: Opciones,
): Promise<Medida> {
  const medida = medir({
    ...base,
    siguiente,
    maxSolicitudes: op.solicitudes,
    maxSegundos: op.segundos,
  })
  if (caso !== 'apellidoBajoInundacion') return medida
  let k = 0
  const inundacion = await medir({
    ...base,
    conexiones: CONEXIONES_INUNDACION,
    tasa: TASA_INUNDACION,
    siguiente: () => ({ path: TERMINOS_VACIOS[k++ % TERMINOS_VACIOS.length]! }),
    maxSolicitudes: 1e9,
    maxSegundos: op.segundos,
  })
  const m = await medida
  console.log(
    `  inundación: ${inundacion.solicitudes} búsquedas sin términos indexables a ${inundacion.rps} req/s, ` +
      `p99 ${inundacion.p99} ms, estados ${JSON.stringify(inundacion.estados)}`,
  )
  return m
}

async function main(): Promise<number> {
  const op = leerOpciones(process.argv.slice(2))
  if (op === 'ayuda') {
    console.log(AYUDA)
    return 0
  }
  const modo = op.embebida ? 'embebida' : op.postgresPropio ? 'postgresql-propio' : 'postgresql'
  const comando = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim()
  console.log(
    `Prueba de rendimiento (${modo}${op.soak ? ', soak' : ''}) en ${cpus().length} núcleos.`,
  )
  const propio = op.postgresPropio ? await arrancarPostgresPropio() : null
  try {
    if (propio) {
      const url = new URL(propio.url)
      url.pathname = '/clinica_bench'
      op.databaseUrl = url.toString()
    }
    const { conteo, version } = await prepararDatos(op)
    await propio?.precalentar('clinica_bench')
    return await medirTodo(op, modo, comando, conteo, version)
  } finally {
    propio?.detener()
  }
}

async function medirTodo(
  op: Opciones,
  modo: string,
  comando: string,
  conteo: Conteo,
  version: string,
): Promise<number> {
  const r = azar(op.semilla)
  const directa = await faseDirecta(op, r, conteo)

  if (op.soloPlanes) {
    const planes = directa.revision?.planes ?? []
    for (const p of planes) {
      const marca =
        p.secuenciales.length > 0 ? `  SCAN SECUENCIAL en ${p.secuenciales.join(', ')}` : ''
      console.log(
        `${p.caso.padEnd(20)} ${p.ms.toFixed(2).padStart(9)} ms  (plan ${p.planificacionMs.toFixed(2)} ms)  ${p.consulta}${marca}`,
      )
    }
    const archivo = guardar(`${modo}-planes`, {
      fecha: new Date().toISOString(),
      modo,
      datos: conteo,
      revision: directa.revision,
    })
    console.log(`Resultados en ${archivo}`)
    return planes.some((p) => p.secuenciales.length > 0) ? 1 : 0
  }

  console.log('Arrancando el servidor construido…')
  // The SMTP server the outbox sends through, only for the case that asks for emails.
  const correo = incluye(op, 'pedirCorreo') ? await arrancarSmtp() : null
  const env = {
    ...(op.databaseUrl ? { DATABASE_URL: op.databaseUrl } : { DATA_DIR: op.dataDir }),
    ...ENV_DICOM,
    ...correo?.env,
  }
  // As arguments: Node 20 refuses --cpu-prof in NODE_OPTIONS.
  const nodeArgs = op.perfil ? ['--cpu-prof', `--cpu-prof-dir=${resolve(op.perfil)}`] : []
  const smtp = correo?.smtp ?? null
  const s = await arrancar(env, undefined, nodeArgs).catch(async (err: unknown) => {
    await correo?.smtp.cerrar()
    throw err
  })
  const comun = {
    fecha: new Date().toISOString(),
    modo,
    comando,
    maquina: maquina(),
    postgres: version,
    datos: conteo,
    opciones: op,
  }
  const cargaInicial = comun.maquina.carga
  try {
    if (op.soak) {
      const resultado = await soak(op, s, directa.listas, r)
      const archivo = guardar(`${modo}-soak`, { ...comun, ...resultado })
      console.log(`\nResultados en ${archivo}`)
      return resultado.ok ? 0 : 1
    }
    console.log('Midiendo el producto…')
    const lineas = await medirProducto(op, s, directa.listas, r, directa.baseline, smtp)
    // The VACUUM case needs the embedded home to itself: last, with the server stopped.
    if (op.embebida && incluye(op, 'vacuum')) {
      await s.detener()
      lineas.push(await lineaVacuum(op))
    }
    // The other build, on the same data, right after, twice, then this one again: each server
    // alone on the database, and each build measured once early and once late (report.ts).
    let comparacion: { este: LineaCaso[][]; otro: LineaCaso[][] } | null = null
    if (op.comparar) {
      await s.detener()
      const medirCon = async (copia?: string) => {
        const si = await arrancar(env, copia, nodeArgs)
        try {
          return await medirProducto(
            op,
            si,
            directa.listas,
            azar(op.semilla),
            directa.baseline,
            smtp,
          )
        } finally {
          await si.detener()
        }
      }
      console.log(`Midiendo el build de ${op.comparar}, dos veces…`)
      const otro = [await medirCon(op.comparar), await medirCon(op.comparar)]
      console.log('Midiendo este build otra vez…')
      comparacion = { este: [lineas, await medirCon()], otro }
    }
    const planes = directa.revision?.planes ?? []
    const secuenciales = planes.filter((p) => p.secuenciales.length > 0)
    const fallas = [
      ...secuenciales.map(
        (p) => `scan secuencial en ${p.secuenciales.join(', ')}: ${p.caso} «${p.consulta}»`,
      ),
      ...lineas
        .filter((l) => l.presupuesto && !l.presupuesto.cumple && !l.presupuesto.referencia)
        .map((l) => `${l.titulo}: fuera de presupuesto (${l.presupuesto!.limite})`),
    ]
    console.log(
      `\n${conteo.pacientes.toLocaleString('es-PE')} pacientes, ${conteo.atenciones.toLocaleString('es-PE')} atenciones (${modo}; ${version})`,
    )
    console.log(
      'Latencias en ms; «base» = línea base ingenua; × = base / producto; ' +
        'lecturas = páginas que PostgreSQL leyó fuera de shared_buffers, por solicitud; ' +
        'CPU = ms de CPU por solicitud del servidor + PostgreSQL (si corre en esta máquina) + el cliente de la prueba\n',
    )
    console.log(tabla(lineas))
    if (comparacion) {
      console.log(
        `\nEste build contra el de ${op.comparar}, en el orden este, otro, otro, este (CPU en ms por solicitud):\n`,
      )
      console.log(tablaComparada(comparacion.este, comparacion.otro))
    }
    console.log(
      `\nCarga de la máquina (1, 5, 15 min): al empezar ${cargaInicial.join(' ')}, al terminar ${maquina().carga.join(' ')}.`,
    )
    console.log(
      `\nPlanes revisados: ${planes.length}, con scan secuencial en pacientes, atenciones, resultados o muestras: ${secuenciales.length}.`,
    )
    if (directa.revision)
      console.log(
        `Resultados comparados con la línea base: ${directa.revision.comparadas}, distintos: ${directa.revision.diferencias.length}.`,
      )
    const archivo = guardar(modo, {
      ...comun,
      casos: lineas,
      ...(comparacion && { comparacion: { build: op.comparar, ...comparacion } }),
      revision: directa.revision,
      fallas,
    })
    console.log(`Resultados en ${archivo}`)
    for (const f of fallas) console.log(`FALLA: ${f}`)
    return fallas.length > 0 ? 1 : 0
  } finally {
    await s.detener()
    await correo?.smtp.cerrar()
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(`\nError: ${(err as Error).stack ?? err}`)
  return 1
})
