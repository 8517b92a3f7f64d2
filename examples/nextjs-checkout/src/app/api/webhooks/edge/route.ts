import { handleWebhook } from '@/lib/webhooks';

/** The same receiver on the edge runtime: no Node API, the signature checked with Web Crypto. */
export const runtime = 'edge';

/** `POST /api/webhooks/edge`: the service's webhook deliveries, verified on the edge runtime. */
export async function POST(request: Request): Promise<Response> {
  return handleWebhook(request);
}
