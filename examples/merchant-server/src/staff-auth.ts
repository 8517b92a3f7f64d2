import type { MiddlewareHandler } from 'hono';

const encoder = new TextEncoder();

/** Equal strings, compared in time that does not depend on where they differ (both hashed first: equal lengths). */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([given, expected].map(async (text) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))));
  let difference = 0;
  for (let index = 0; index < a!.length; index++) difference |= a![index]! ^ b![index]!;
  return difference === 0;
}

/**
 * Lets a request through only with `Authorization: Bearer <staffToken>` (compared in constant time): the guard of the
 * back-office routes, which move money or read customer data. A wrong or missing token is a 401; no `staffToken`
 * configured, a 503 (the routes stay closed until `STAFF_API_TOKEN` is set). Neither answer says more, nor sends
 * anything to the service. Use Web Crypto only, so the app still runs on every runtime. Replace it with your staff's
 * own sign-in (a session, SSO) when you have one.
 */
export function requireStaff(staffToken: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (!staffToken) {
      return c.json({ error: { code: 'staff_routes_disabled', message: 'This route is for your staff: set STAFF_API_TOKEN on the server (see the README), then call it with Authorization: Bearer <token>.' } }, 503);
    }
    if (!(await sameSecret(c.req.header('authorization') ?? '', `Bearer ${staffToken}`))) {
      return c.json({ error: { code: 'unauthorized', message: 'This route is for your staff: send Authorization: Bearer <STAFF_API_TOKEN>.' } }, 401);
    }
    await next();
  };
}
