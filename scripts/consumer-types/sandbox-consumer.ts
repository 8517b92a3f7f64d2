// Type-checked by run.mjs in an ESM project (`"type": "module"`: nodenext, node16, bundler): the ESM-only sandbox's
// entry point, with msw's handlers, as a test file uses them.
import { createSandbox, SANDBOX_API_KEY, type Sandbox } from '@tessera/sandbox';
import { setupServer } from 'msw/node';

const sandbox: Sandbox = createSandbox();
setupServer(...sandbox.handlers).listen({ onUnhandledFrame: 'error' });
const token: Promise<string> = sandbox.createServiceToken('visa_3ds');
void token;
void SANDBOX_API_KEY;
