/** The same receiver on the edge runtime (`POST /api/webhooks/edge`): no Node API, the signature checked with Web Crypto. */
export { POST } from '../route';

export const runtime = 'edge';
