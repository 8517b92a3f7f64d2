import { readConfig } from './config.js';
import { startMerchantServer } from './server.js';

const server = await startMerchantServer(readConfig(process.env));
console.log(`key valid for account ${server.account}`);
console.log(`merchant server on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close());
