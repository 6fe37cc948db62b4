/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** SPEC 2/9: on this host the "unrestricted" route groups are hidden. */
  readonly VITE_RESTRICTED_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
