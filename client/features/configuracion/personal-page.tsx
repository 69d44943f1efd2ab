// Configuración › Personal (docs/producto.md#personal): the staff accounts, a new one, and per
// account its role, whether a tecnólogo validates lab results, «Desactivar»/«Activar» (asked
// first) and «Restablecer contraseña», which shows the temporary password once. Accounts are
// never deleted: the audit trail names them.
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { NOMBRE_ROL } from '../../../shared/permisos.js'
import { ROLES, type Rol } from '../../../shared/sesion.js'
import type { CambioUsuario, UsuarioDetalle } from '../../../shared/usuarios.js'
import { mensajeDe } from '../../api.js'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { Aviso } from './estado-seccion.js'
import { useTitle } from '../../components/use-title.js'
import { sesion } from '../../state/sesion.js'
import { ColegiaturaDialogo } from './colegiatura-dialogo.js'
import { contrasenaTemporal } from './contrasena-temporal.js'
import { ContrasenaTemporal } from './contrasena-temporal-dialogo.js'
import { NuevoUsuarioForm } from './nuevo-usuario-form.js'
import { EstadoActivo, TablaCatalogo } from './tabla-catalogo.js'
import { cambiarUsuario, listarUsuarios, restablecerContrasena } from './usuarios-api.js'
import { ValidaResultados } from './valida-resultados.js'

type Pregunta =
  | { que: 'activo' | 'contrasena'; cuenta: UsuarioDetalle }
  | { que: 'colegiatura'; cuenta: UsuarioDetalle; rol?: Rol; validaResultados?: true }
type Aviso = { ok: boolean; texto: string }

const nombreDe = (u: UsuarioDetalle) => u.nombre || u.usuario

export default function PersonalPage() {
  useTitle('Personal')
  const { usuario: yo } = useSnapshot(sesion)
  const [cuentas, setCuentas] = useState<UsuarioDetalle[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [aviso, setAviso] = useState<Aviso | null>(null)
  const [creando, setCreando] = useState(false)
  const [pregunta, setPregunta] = useState<Pregunta | null>(null)
  const [ocupado, setOcupado] = useState<number | null>(null)
  const [temporal, setTemporal] = useState<{ cuenta: UsuarioDetalle; clave: string } | null>(null)

  useEffect(() => {
    const ctrl = new AbortController()
    listarUsuarios(ctrl.signal)
      .then(setCuentas)
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setError(mensajeDe(err, 'No se pudo cargar la lista de cuentas'))
      })
    return () => ctrl.abort()
  }, [])

  const reemplazar = (u: UsuarioDetalle) =>
    setCuentas((cs) => (cs ?? []).map((c) => (c.id === u.id ? u : c)))

  /** A change of role, state or validation; a refusal (the last active admin) shows the server's message. */
  const cambiar = async (cuenta: UsuarioDetalle, cambio: CambioUsuario) => {
    setOcupado(cuenta.id)
    setAviso(null)
    try {
      const u = await cambiarUsuario(cuenta.id, cambio)
      reemplazar(u)
      setAviso({
        ok: true,
        texto:
          cambio.rol !== undefined
            ? `${nombreDe(u)} ahora tiene el rol ${NOMBRE_ROL[u.rol]}.${cuenta.validaResultados && !u.validaResultados ? ' Ya no valida resultados de laboratorio.' : ''}`
            : cambio.validaResultados !== undefined
              ? u.validaResultados
                ? `${nombreDe(u)} ahora valida resultados de laboratorio.`
                : `${nombreDe(u)} ya no valida resultados de laboratorio.`
              : u.activo
                ? `La cuenta de ${nombreDe(u)} está activa de nuevo.`
                : `La cuenta de ${nombreDe(u)} quedó desactivada y sus sesiones se cerraron.`,
      })
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo cambiar la cuenta') })
    } finally {
      setOcupado(null)
    }
  }

  const restablecer = async (cuenta: UsuarioDetalle) => {
    setOcupado(cuenta.id)
    setAviso(null)
    const clave = contrasenaTemporal()
    try {
      await restablecerContrasena(cuenta.id, clave)
      setTemporal({ cuenta, clave })
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo restablecer la contraseña') })
    } finally {
      setOcupado(null)
    }
  }

  /** A physician needs a colegiatura: without one, becoming Médico asks for it first. */
  const cambiarRol = (cuenta: UsuarioDetalle, rol: Rol) => {
    if (rol === 'medico' && cuenta.colegiatura === null) {
      setAviso(null)
      setPregunta({ que: 'colegiatura', cuenta, rol })
    } else void cambiar(cuenta, { rol })
  }

  /** A validator signs the result sheet: without a colegiatura, enabling one asks for it first. */
  const cambiarValida = (cuenta: UsuarioDetalle, validaResultados: boolean) => {
    if (validaResultados && cuenta.colegiatura === null) {
      setAviso(null)
      setPregunta({ que: 'colegiatura', cuenta, validaResultados })
    } else void cambiar(cuenta, { validaResultados })
  }

  const confirmar = () => {
    if (!pregunta || pregunta.que === 'colegiatura') return
    const { que, cuenta } = pregunta
    setPregunta(null)
    void (que === 'activo' ? cambiar(cuenta, { activo: !cuenta.activo }) : restablecer(cuenta))
  }

  return (
    <>
      <Aviso aviso={aviso} />
      {creando && (
        <NuevoUsuarioForm
          onCancelar={() => setCreando(false)}
          onCreado={(u) => {
            setCreando(false)
            setCuentas((cs) =>
              [...(cs ?? []), u].sort((a, b) => a.usuario.localeCompare(b.usuario)),
            )
            setAviso({ ok: true, texto: `Cuenta ${u.usuario} creada.` })
          }}
        />
      )}
      <TablaCatalogo
        id="cuentas"
        titulo="Personal"
        nuevo={
          creando
            ? null
            : {
                texto: 'Nuevo usuario',
                onClick: () => {
                  setAviso(null)
                  setCreando(true)
                },
              }
        }
        error={error}
        filas={cuentas}
        columnas={[
          {
            titulo: 'Usuario',
            className: 'mono',
            celda: (c) => (
              <>
                {c.usuario}
                {c.usuario === yo?.usuario && <span className="cell-sub">(usted)</span>}
              </>
            ),
          },
          { titulo: 'Nombre', celda: (c) => c.nombre },
          {
            titulo: 'Rol',
            celda: (c) => (
              <select
                className="select personal__rol"
                aria-label={`Rol de ${c.usuario}`}
                value={c.rol}
                disabled={ocupado === c.id}
                onChange={(e) => cambiarRol(c, e.target.value as Rol)}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {NOMBRE_ROL[r]}
                  </option>
                ))}
              </select>
            ),
          },
          {
            titulo: 'Colegiatura',
            celda: (c) => (
              <button
                type="button"
                className="btn btn--ghost btn--sm mono"
                disabled={ocupado === c.id}
                aria-label={
                  c.colegiatura === null
                    ? `Agregar colegiatura de ${c.usuario}`
                    : `Colegiatura de ${c.usuario}: ${c.colegiatura}`
                }
                onClick={() => setPregunta({ que: 'colegiatura', cuenta: c })}
              >
                {c.colegiatura ?? 'Agregar'}
              </button>
            ),
          },
          {
            titulo: 'Laboratorio',
            celda: (c) => (
              <ValidaResultados
                cuenta={c}
                ocupado={ocupado === c.id}
                onCambio={(v) => cambiarValida(c, v)}
              />
            ),
          },
          { titulo: 'Estado', celda: (c) => <EstadoActivo activo={c.activo} /> },
        ]}
        clave={(c) => c.id}
        testId={(c) => `cuenta-${c.usuario}`}
        claseAcciones="personal__acciones"
        acciones={(c) => (
          <>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={ocupado === c.id}
              aria-label={`${c.activo ? 'Desactivar' : 'Activar'} ${c.usuario}`}
              onClick={() => setPregunta({ que: 'activo', cuenta: c })}
            >
              {c.activo ? 'Desactivar' : 'Activar'}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={ocupado === c.id}
              aria-label={`Restablecer contraseña de ${c.usuario}`}
              onClick={() => setPregunta({ que: 'contrasena', cuenta: c })}
            >
              Restablecer contraseña
            </button>
          </>
        )}
      />

      {pregunta?.que === 'activo' && (
        <DialogoConfirmar
          id="confirmar-activo"
          titulo={
            pregunta.cuenta.activo
              ? `¿Desactivar la cuenta ${pregunta.cuenta.usuario}?`
              : `¿Activar la cuenta ${pregunta.cuenta.usuario}?`
          }
          volver="Volver"
          confirmar={pregunta.cuenta.activo ? 'Desactivar' : 'Activar'}
          onVolver={() => setPregunta(null)}
          onConfirmar={confirmar}
        >
          {pregunta.cuenta.activo
            ? `${nombreDe(pregunta.cuenta)} no podrá iniciar sesión y sus sesiones abiertas se cerrarán. La cuenta y su historial se conservan: puede activarla de nuevo.`
            : `${nombreDe(pregunta.cuenta)} podrá volver a iniciar sesión con su contraseña.`}
        </DialogoConfirmar>
      )}
      {pregunta?.que === 'contrasena' && (
        <DialogoConfirmar
          id="confirmar-contrasena"
          titulo={`¿Restablecer la contraseña de ${pregunta.cuenta.usuario}?`}
          volver="Volver"
          confirmar="Restablecer"
          onVolver={() => setPregunta(null)}
          onConfirmar={confirmar}
        >
          Se generará una contraseña temporal y se cerrarán las sesiones abiertas de{' '}
          {nombreDe(pregunta.cuenta)}. La contraseña anterior dejará de servir.
        </DialogoConfirmar>
      )}
      {pregunta?.que === 'colegiatura' && (
        <ColegiaturaDialogo
          cuenta={pregunta.cuenta}
          rol={pregunta.rol}
          validaResultados={pregunta.validaResultados}
          onVolver={() => setPregunta(null)}
          onGuardada={(u) => {
            setPregunta(null)
            reemplazar(u)
            setAviso({
              ok: true,
              texto:
                pregunta.rol !== undefined
                  ? `${nombreDe(u)} ahora tiene el rol ${NOMBRE_ROL[u.rol]}, con colegiatura ${u.colegiatura}.`
                  : pregunta.validaResultados
                    ? `${nombreDe(u)} ahora valida resultados de laboratorio, con colegiatura ${u.colegiatura}.`
                    : `Colegiatura de ${nombreDe(u)}: ${u.colegiatura ?? 'sin colegiatura'}.`,
            })
          }}
        />
      )}
      {temporal && (
        <ContrasenaTemporal
          cuenta={temporal.cuenta}
          clave={temporal.clave}
          onVolver={() => setTemporal(null)}
        />
      )}
    </>
  )
}
