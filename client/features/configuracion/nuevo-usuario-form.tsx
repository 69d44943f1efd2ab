// «Nuevo usuario»: an account with its name, role, first password and, for a tecnólogo, whether
// it validates lab results, checked with the shared schema before it is sent; the server's own refusals (a taken name, a common password) show
// under their field.
import { typeboxResolver } from '@hookform/resolvers/typebox'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { NOMBRE_ROL } from '../../../shared/permisos.js'
import { ROLES } from '../../../shared/sesion.js'
import {
  normalizarColegiatura,
  NuevoUsuarioSchema,
  problemaColegiatura,
  type NuevoUsuario,
  type UsuarioDetalle,
} from '../../../shared/usuarios.js'
import { ApiError } from '../../api.js'
import { describe, Field } from '../../components/field.js'
// Its Spanish messages for the schema's failures.
import '../../lib/typebox-mensajes.js'
import { FormularioCatalogo } from './formulario-catalogo.js'
import { crearUsuario } from './usuarios-api.js'
import { MEDICO_VALIDA, VALIDA_RESULTADOS } from './valida-resultados.js'

const VACIO: NuevoUsuario = {
  usuario: '',
  nombre: '',
  rol: 'recepcion',
  colegiatura: '',
  validaResultados: false,
  contrasena: '',
}
export const AYUDA_COLEGIATURA = 'Para médicos y tecnólogos, p. ej. CMP 45821 o CTMP 1234'
const AYUDA_USUARIO = 'Minúsculas sin tildes, números, punto o guion; p. ej. rosa.huaman'
const AYUDA_CONTRASENA = 'Al menos 8 caracteres; entréguela a la persona en privado'

export function NuevoUsuarioForm({
  onCreado,
  onCancelar,
}: {
  onCreado: (u: UsuarioDetalle) => void
  onCancelar: () => void
}) {
  const { register, handleSubmit, setError, formState, watch } = useForm<NuevoUsuario>({
    defaultValues: VACIO,
    resolver: typeboxResolver(NuevoUsuarioSchema),
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)

  const enviar = async (v: NuevoUsuario) => {
    setFallo(null)
    const colegiatura = normalizarColegiatura(v.colegiatura)
    // Only a tecnólogo is enabled: a médico always validates, other roles never.
    const validaResultados = v.rol === 'tecnologo' && v.validaResultados === true
    const problema = problemaColegiatura(v.rol, colegiatura, validaResultados)
    if (problema) return setError('colegiatura', { type: 'validate', message: problema })
    try {
      const cuenta = {
        ...v,
        usuario: v.usuario.trim(),
        nombre: v.nombre.trim(),
        validaResultados,
      }
      onCreado(await crearUsuario({ ...cuenta, colegiatura: colegiatura ?? undefined }))
    } catch (err) {
      const e = err instanceof ApiError ? err : null
      for (const fe of e?.errores ?? [])
        setError(fe.campo as keyof NuevoUsuario, { type: 'server', message: fe.mensaje })
      // A taken name is a 409 with no field: it belongs under «Usuario».
      if (e?.status === 409) setError('usuario', { type: 'server', message: e.message })
      else setFallo(`No se pudo crear la cuenta: ${e?.message || 'Error desconocido'}`)
    }
  }

  const e = (k: keyof NuevoUsuario) => errors[k]?.message
  const rol = watch('rol')
  return (
    <FormularioCatalogo
      id="nuevo-usuario"
      titulo="Nuevo usuario"
      clase="personal__form"
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCancelar}
      enviando={isSubmitting}
      enviar="Crear usuario"
    >
      <div className="form-grid">
        <Field id="nu-usuario" label="Usuario" required hint={AYUDA_USUARIO} error={e('usuario')}>
          <input
            className="input"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...describe('nu-usuario', e('usuario'), AYUDA_USUARIO)}
            {...register('usuario')}
          />
        </Field>
        <Field id="nu-nombre" label="Nombre" required error={e('nombre')}>
          <input
            className="input"
            autoComplete="off"
            {...describe('nu-nombre', e('nombre'))}
            {...register('nombre')}
          />
        </Field>
        <Field id="nu-rol" label="Rol" required error={e('rol')}>
          <select className="select" {...describe('nu-rol', e('rol'))} {...register('rol')}>
            {ROLES.map((rol) => (
              <option key={rol} value={rol}>
                {NOMBRE_ROL[rol]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="nu-colegiatura"
          label="Colegiatura"
          hint={AYUDA_COLEGIATURA}
          error={e('colegiatura')}
        >
          <input
            className="input"
            autoComplete="off"
            spellCheck={false}
            {...describe('nu-colegiatura', e('colegiatura'), AYUDA_COLEGIATURA)}
            {...register('colegiatura')}
          />
        </Field>
        {rol === 'tecnologo' && (
          <div className="field catalogo__activo">
            <label className="check">
              <input type="checkbox" {...register('validaResultados')} />
              {VALIDA_RESULTADOS}
            </label>
          </div>
        )}
        {rol === 'medico' && <p className="muted small field--wide">{MEDICO_VALIDA}.</p>}
        <Field
          id="nu-contrasena"
          label="Contraseña inicial"
          required
          hint={AYUDA_CONTRASENA}
          error={e('contrasena')}
        >
          <input
            className="input"
            type="password"
            autoComplete="new-password"
            {...describe('nu-contrasena', e('contrasena'), AYUDA_CONTRASENA)}
            {...register('contrasena')}
          />
        </Field>
      </div>
    </FormularioCatalogo>
  )
}
