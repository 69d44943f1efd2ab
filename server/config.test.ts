import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('loadConfig', () => {
  it('da los valores por defecto documentados', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      clinicTz: 'America/Lima',
      adminUser: 'admin',
      demoData: true,
      cookieSecure: false,
      trustProxy: false,
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      connectionTimeoutMs: 120_000,
      maxConnections: 1000,
      maxConnectionsPerAddress: 100,
    })
    expect(Object.isFrozen(c)).toBe(true)
  })

  it('apaga por defecto los datos de demostración con un PostgreSQL externo', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoData).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).demoData).toBe(true)
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['CLINIC_TZ', 'Marte/Olympus'],
    ['LOG_LEVEL', 'verbose'],
    ['COOKIE_SECURE', 'quizas'],
    ['DEMO_DATA', 'si'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['ADMIN_PASSWORD', 'corta'],
    ['ADMIN_USER', '__proto__'],
    ['REQUEST_TIMEOUT_SECONDS', '0'],
    ['HEADERS_TIMEOUT_SECONDS', '-1'],
    ['KEEP_ALIVE_TIMEOUT_SECONDS', '1.5'],
    ['CONNECTION_TIMEOUT_SECONDS', 'x'],
    ['MAX_CONNECTIONS', '0'],
    ['MAX_CONNECTIONS_PER_ADDRESS', '0'],
    ['MAX_CONNECTIONS', '10000000'],
    ['ADMIN_USER', 'constructor'],
    ['DICOM_PORT', '0'],
    ['DICOM_PORT', '70000'],
    ['DICOM_AE_TITLE', 'UN AE TITLE DEMASIADO LARGO'],
    ['DICOM_AE_TITLE', 'CON\\BARRA'],
  ])('rechaza %s=%s nombrando la variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(name)
  })

  it('nunca repite un valor secreto en su mensaje, aunque nombra la variable', () => {
    for (const [name, value] of [
      ['ADMIN_PASSWORD', 'corta'],
      ['DATABASE_URL', 'mysql://root:s3creta@db/clinica'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(name)
      expect(() => loadConfig({ [name]: value })).not.toThrow(value)
    }
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('"abc"')
  })

  it('lee los límites de conexión en segundos; las cabeceras no pueden esperar más que la solicitud entera', () => {
    const c = loadConfig({
      HEADERS_TIMEOUT_SECONDS: '5',
      REQUEST_TIMEOUT_SECONDS: '20',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      CONNECTION_TIMEOUT_SECONDS: '90',
      MAX_CONNECTIONS: '200',
      MAX_CONNECTIONS_PER_ADDRESS: '20',
    })
    expect(c).toMatchObject({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
      connectionTimeoutMs: 90_000,
      maxConnections: 200,
      maxConnectionsPerAddress: 20,
    })
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '40' })).toThrow('HEADERS_TIMEOUT_SECONDS')
  })

  it('deja DICOM apagado salvo que se defina DICOM_PORT; por defecto se llama CLINICA y escucha en todas las interfaces', () => {
    expect(loadConfig({})).toMatchObject({ dicomPort: null, dicomAeTitle: 'CLINICA' })
    expect(loadConfig({ DICOM_PORT: '11112' })).toMatchObject({
      dicomPort: 11112,
      dicomHost: '0.0.0.0',
      dicomAeTitle: 'CLINICA',
      dicomMaxPorDireccion: 8,
    })
    expect(loadConfig({ DICOM_MAX_CONNECTIONS_PER_ADDRESS: '20' }).dicomMaxPorDireccion).toBe(20)
    expect(() => loadConfig({ DICOM_MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(
      'DICOM_MAX_CONNECTIONS_PER_ADDRESS',
    )
    expect(loadConfig({ DICOM_HOST: '10.0.0.5', DICOM_AE_TITLE: 'RIS_LIMA' })).toMatchObject({
      dicomHost: '10.0.0.5',
      dicomAeTitle: 'RIS_LIMA',
    })
  })

  it('lee la confianza en el proxy como indicador, número de saltos o direcciones', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toBe('10.0.0.1')
  })
})
