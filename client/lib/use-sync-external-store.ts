// React 19 has useSyncExternalStore built in; wouter's shim for older Reacts would add 3 KB to
// the first screen for nothing (vite.config.ts aliases the shim here).
export { useSyncExternalStore } from 'react'
