import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Vendor chunks: React and the router (every page, cached across releases of the app) and the form
 * engine (rjsf and ajv: loaded with the first form, never by the sign-in page) and the rich text
 * editor (Tiptap and ProseMirror: loaded with the first rich text shown). Screens are split
 * by the router (renderer/app/screens.tsx loads each on demand).
 */
const VENDOR_GROUPS = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 20 },
  { name: 'vendor-richtext', test: /node_modules[\\/](@tiptap[\\/][^\\/]+|prosemirror-[^\\/]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/, priority: 15 },
  { name: 'vendor-forms', test: /node_modules[\\/](@rjsf[\\/][^\\/]+|ajv|ajv-formats|ajv-i18n)[\\/]/, priority: 10 },
];

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_GROUPS } } },
  },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` } },
});
