// Type-checked by run.mjs in the installed project (node16, skipLibCheck false): the CommonJS builds' types. The
// sandbox is ESM-only (msw 3 is), so it is not here.
import { validateCard } from '@tessera/core';
import { Tessera } from '@tessera/server';
import { createTokenizer } from '@tessera/tokenizer';

void validateCard;
void new Tessera({ apiKey: 'sk_test_types' });
void createTokenizer({ environment: 'local' });
