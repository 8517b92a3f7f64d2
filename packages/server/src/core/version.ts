/** Version of `@tessera/server`, sent in the `X-Tessera-Client` header. A test keeps it equal to package.json. */
export const VERSION = '0.1.0';
