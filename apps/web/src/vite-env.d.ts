/// <reference types="vite/client" />

/** Id of this web build, compared with GET /api/health to offer 'Update now'. */
declare const __BUILD_ID__: string;
