/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `local` (the sandbox, the default), `development` or `production`. */
  readonly VITE_TESSERA_ENVIRONMENT?: 'local' | 'development' | 'production';
  /** The sandbox's URL when it is not `http://localhost:4010`. */
  readonly VITE_SANDBOX_URL?: string;
  /** Your store's id (default: the sandbox's shop). */
  readonly VITE_STORE_ID?: string;
}
