/**
 * wouter imports `useSyncExternalStore` through a shim for React 17; React 19 has the hook, so
 * the build points the shim here (vite.config.ts) and the first download carries no copy of it.
 */
export { useSyncExternalStore } from 'react';
