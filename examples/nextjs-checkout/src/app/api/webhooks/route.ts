/** `POST /api/webhooks`: the service's webhook deliveries, verified on the Node runtime (Next's default). */
export { handleWebhook as POST } from '@/lib/webhooks';
