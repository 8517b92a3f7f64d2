/**
 * The service's origins per environment, declared here only (the server client's `environmentOrigins`, the browser
 * store client's default service origin). `production` and `development` are the API origins the vendor publishes
 * (https://tagadapay.mintlify.app/api-reference/introduction) and its browser code uses
 * (`@tagadapay/plugin-sdk@2.3.3`, `dist/react/config/environment.js`: `ENVIRONMENT_CONFIGS[env].apiConfig.baseUrl`);
 * `local` is the sandbox started by `npx -p @tessera/sandbox tessera-sandbox` (port 4010 by default).
 */
export const SERVICE_ORIGINS = {
  production: 'https://app.tagadapay.com',
  development: 'https://app.tagadapay.dev',
  local: 'http://localhost:4010',
} as const;
