import { handleWebhook } from '@/lib/webhooks';

/** `POST /api/webhooks`: the service's webhook deliveries, verified on the Node runtime (Next's default). */
export async function POST(request: Request): Promise<Response> {
  return handleWebhook(request);
}
