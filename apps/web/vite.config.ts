import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { precompressFolder } from './precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
const buildId = process.env.CREWPLAN_VERSION ?? `web-${Date.now().toString(36)}`;

/** Writes the build id next to index.html so the server can answer it from GET /api/health. */
function buildIdFile(): Plugin {
  return {
    name: 'crewplan-build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version: buildId }) });
    },
  };
}

/** Writes brotli and gzip copies beside the built text files; the server sends the one the browser accepts. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'crewplan-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => precompressFolder(outDir),
  };
}

/**
 * The gantt library's stylesheet declares its fonts on the vendor's CDN; the product loads nothing from outside at run
 * time, so those declarations are dropped (its text falls back to the product's own font stack).
 */
function noRemoteFonts(): Plugin {
  return {
    name: 'crewplan-no-remote-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('@svar-ui') || !id.split('?')[0]!.endsWith('.css')) return null;
      return { code: code.replace(/@font-face\s*{[^}]*url\(\s*["']?https?:[^}]*}/g, ''), map: null };
    },
  };
}

/**
 * `src/early-reads.js`, the plain script index.html starts a signed-in visit's first reads with, goes to the assets
 * under a hashed name like every other script (cached for good); Vite bundles only module scripts. The files of Home's
 * route (the `home` chunk group and its styles) are named in a meta tag, for the script to fetch them early too.
 */
function earlyReadsScript(): Plugin {
  const source = '/src/early-reads.js';
  return {
    name: 'crewplan-early-reads',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'asset', name: 'early-reads.js', source: readFileSync(resolve(import.meta.dirname, `.${source}`)) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const emitted = Object.values(bundle ?? {}).find((file) => file.type === 'asset' && file.names.includes('early-reads.js'));
        if (!emitted || !html.includes(`src="${source}"`)) throw new Error(`index.html must load ${source}, emitted as an asset`);
        const home = Object.values(bundle ?? {}).find((file) => file.type === 'chunk' && file.name === 'home');
        if (!home || home.type !== 'chunk') throw new Error('the build has no chunk named home (the codeSplitting group)');
        const homeFiles = [home.fileName, ...(home.viteMetadata?.importedCss ?? [])].map((file) => `/${file}`).join(' ');
        return html
          .replace(`src="${source}"`, `src="/${emitted.fileName}"`)
          .replace('</head>', `  <meta name="crewplan-home-files" content="${homeFiles}" />\n  </head>`);
      },
    },
  };
}

/**
 * The app's stylesheets are linked as print styles, which do not hold back the page's first paint: "Loading
 * Crewplan…" shows as soon as the page arrives, where a phone waited for 17 kB of styles (and, as Lighthouse judged
 * it, for the first chunk downloading beside them). `lib/app-styles.ts` applies them to the screen and the app draws
 * once they have loaded. They stay in the head, before the styles of the chunks loaded later, so the cascade is as
 * before.
 */
function stylesAfterFirstPaint(): Plugin {
  return {
    name: 'crewplan-styles-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes('<link rel="stylesheet"')) throw new Error('index.html links no stylesheet');
        return html.replaceAll('<link rel="stylesheet"', '<link rel="stylesheet" media="print" data-app-styles');
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), noRemoteFonts(), buildIdFile(), earlyReadsScript(), stylesAfterFirstPaint(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Everything the first screen imports in one file: split into the forty-odd small shared files that automatic
        // splitting makes, a phone on a slow network waited a round trip for each before anything showed.
        // Home, where a visit lands, in one file with the small shared files it needs: eighteen requests were three
        // rounds of six at a time over HTTP/1.1 on a phone, before its greeting could show.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'home', test: /\/src\/features\/home\/(index|HomeScreen|WorkAi)\.tsx?$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
