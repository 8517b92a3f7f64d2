export { createMerchantApp, type MerchantAppOptions, type PublicConfig, type ReceivedWebhook } from './app.js';
export { readConfig, type MerchantConfig } from './config.js';
export { startMerchantServer, type MerchantServer } from './server.js';
