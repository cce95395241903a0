import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The client lives in web/ and is served by the gateway from dist/web. Assets are content-hashed
// (cached forever); index.html loads one module script and no inline code, as the gateway's CSP
// forbids inline script. Each locale, and every page behind the session, is a chunk of its own
// (dynamic imports), so /login downloads only what it shows: npm run budget:web checks it.
const ACCOUNT_FLOW = /web[\\/](account[\\/](use-flow|use-message-text|nodes[\\/][^\\/]+|cards[\\/](flow-links|FlowScripts|login-mode|LoginCard))|lib[\\/]message-text)\.tsx?$/;
// What a flow does with an answer (continue, recover, name the error), fetched with a card's
// first submission: one file beside the flow renderer's.
const FLOW_ANSWER = /web[\\/]account[\\/](flow-(errors|continue|recovery)|settings[\\/]reauthentication)\.ts$/;

export default defineConfig({
  root: 'web',
  base: '/',
  publicDir: false,
  plugins: [react()],
  resolve: {
    alias: { 'use-sync-external-store/shim/index.js': fileURLToPath(new URL('web/lib/react-sync-store.ts', import.meta.url)) },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    modulePreload: { polyfill: false },
    target: 'es2022',
    reportCompressedSize: true,
    rolldownOptions: {
      // forwardRef only wraps a component: a library's component nobody renders (wouter's Link
      // beside our AppLink) is dropped instead of kept for a call the bundler cannot prove pure.
      treeshake: { manualPureFunctions: ['forwardRef'] },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry needs before its first render, in one file: left to itself the
            // bundler cuts it into a dozen small files, each compressed without the others' words.
            { name: 'entry', tags: ['$initial'], priority: 2 },
            // The sign-in card with the flow renderer every account card shares, in one file; the
            // registration, recovery and registration completion cards are small files on top of
            // it, so /login does not download them. Only these modules: their dependencies
            // (styles, shared fields) stay where the signed-in pages find them without the cards.
            { name: 'account', test: ACCOUNT_FLOW, includeDependenciesRecursively: false, priority: 1 },
            { name: 'flow-answer', test: FLOW_ANSWER, includeDependenciesRecursively: false, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/.ory': 'http://127.0.0.1:3000',
      '/bff': 'http://127.0.0.1:3000',
      '/api': 'http://127.0.0.1:3000',
    },
  },
});
