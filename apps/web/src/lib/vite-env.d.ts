/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' in a build: antd's component styles are static CSS (vite-antd-css.ts) */
  readonly RA_ANTD_STATIC_CSS?: string;
  /** SPEC 2/9: on this host the "unrestricted" route groups are hidden. */
  readonly VITE_RESTRICTED_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
