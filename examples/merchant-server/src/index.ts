export { CARTS, orderOfCart } from './cart.js';
export { createMerchantApp, type MerchantAppOptions, type PublicConfig, type ReceivedWebhook } from './app.js';
export { readConfig, WEBHOOK_EVENT_TYPES, type MerchantConfig } from './config.js';
export { startMerchantServer, type MerchantServer } from './server.js';
