import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web client: built into `web/dist`, which the service serves at `/`. Every script and stylesheet
 * tag carries the nonce placeholder, which the service replaces with a fresh nonce per answer (its CSP
 * allows styles from this origin or with that nonce, and scripts from this origin only).
 */
export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Fonts and pictures stay files: the CSP allows fonts and images from 'self', not inlined data.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // dist/.vite/manifest.json: which chunks each route loads (bench/web reports their sizes).
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/swagger': 'http://127.0.0.1:3000' },
  },
});
