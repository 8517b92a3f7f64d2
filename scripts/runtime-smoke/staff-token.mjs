// The staff token of the merchant-server app's back-office routes in the runtime smoke: the worker serves the app
// with it, and run.mjs reads a payment with it (`Authorization: Bearer …`).
export const STAFF_TOKEN = 'runtime-smoke-staff-token-0123456789abcdef';
