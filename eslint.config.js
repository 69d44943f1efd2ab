// Lint: the import rules that keep the layout honest (STYLE in the README's Estructura) and the
// recommended TypeScript checks. Formatting is Prettier's (npm run format).
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'

const features = [
  'auth',
  'buscar',
  'citas',
  'configuracion',
  'cuenta',
  'dashboard',
  'equipos',
  'fusiones',
  'paciente',
  'pacientes',
  'ticket',
]

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/results/**', 'data/**', 'bench/data/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    // Imports name the built '.js'; the resolver finds the '.ts' source as tsc does.
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared/ is what both sides agree on: it imports neither.
            { target: './shared', from: './server', message: 'shared/ no importa de server/' },
            { target: './shared', from: './client', message: 'shared/ no importa de client/' },
            // The client and the server meet only in shared/.
            {
              target: './client',
              from: './server',
              message: 'client/ solo se encuentra con server/ en shared/',
            },
            {
              target: './server',
              from: './client',
              message: 'server/ solo se encuentra con client/ en shared/',
            },
            // A feature never imports another; what two share goes to components/, lib/ or state/.
            ...features.map((f) => ({
              target: `./client/features/${f}`,
              from: './client/features',
              except: [`./${f}`],
              message: 'una feature no importa otra: lo común va a components/, lib/ o state/',
            })),
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
)
