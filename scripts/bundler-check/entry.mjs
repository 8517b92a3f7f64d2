// What a checkout page bundles: the tokenizer's main entry, with no optional peer (@basis-theory/web-threeds, react)
// installed. Also a worker (`export default { fetch }`) so that wrangler accepts it as is.
import { createThreeDS, createTokenizer } from '@tessera/tokenizer';

export default {
  async fetch() {
    const tokenizer = createTokenizer({ environment: 'local' });
    const threeds = createThreeDS({ environment: 'local' });
    return new Response(`${typeof tokenizer.tokenizeCard} ${typeof threeds.startChallenge}`);
  },
};
