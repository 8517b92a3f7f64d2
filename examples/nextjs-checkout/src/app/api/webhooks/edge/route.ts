/** The same receiver on the edge runtime (`POST /api/webhooks/edge`): no Node API, the signature checked with Web Crypto. */
export { handleWebhook as POST } from '@/lib/webhooks';

export const runtime = 'edge';
