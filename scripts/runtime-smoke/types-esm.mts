// Type-checked by run.mjs in the installed project (node16, skipLibCheck false): the four packages and msw from ESM.
import { createSandbox, startSandboxServer } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import { createTokenizer } from '@tessera/tokenizer';
import { setupServer } from 'msw/node';

const sandbox = createSandbox();
setupServer(...sandbox.handlers);
void startSandboxServer;
void new Tessera({ apiKey: sandbox.apiKey, environment: 'local' });
void createTokenizer({ environment: 'local' });
