import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'shared/**/*.test.ts',
      'client/**/*.test.{ts,tsx}',
      'e2e/**/*.test.ts',
    ],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
})
