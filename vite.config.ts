import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type UserConfig } from 'vite'

const config = {
  root: 'client',
  plugins: [react()],
  resolve: {
    alias: {
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('client/lib/use-sync-external-store.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
  },
  server: {
    // `npm run dev` serves the API on 3000; the Vite dev server forwards JSON calls to it.
    proxy: {
      '^/(sesion|pacientes|atenciones|estadisticas|usuarios|auditoria|healthz)':
        'http://127.0.0.1:3000',
    },
  },
} satisfies UserConfig

export default defineConfig(({ command }) => {
  // A build is always the production one, even when started from a test run (vitest sets
  // NODE_ENV=test, which would otherwise bundle React's development build).
  if (command === 'build') process.env.NODE_ENV = 'production'
  return config
})
