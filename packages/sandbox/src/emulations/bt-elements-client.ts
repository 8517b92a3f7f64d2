import { btElementsClient } from '../browser/bt-elements-client.js';
import * as btClientElement from '../browser/bt-client-element.js';
import * as btClientErrors from '../browser/bt-client-errors.js';
import * as btClientFrames from '../browser/bt-client-frames.js';
import * as btClientMount from '../browser/bt-client-mount.js';
import * as btClientRandomId from '../browser/bt-client-random-id.js';
import * as btClientTokens from '../browser/bt-client-tokens.js';
import { servedScript } from '../browser/served-source.js';
import type { BtElementPage, BtElementType } from '../browser/bt-elements-messages.js';
import { btElementPages } from './bt-elements-pages.js';

// The client script of the Basis Theory Elements emulation: what `@basis-theory/web-elements`' loader injects from
// `{origin}/web-elements/{version}/client/index.js`, a typed file of `../browser/` (`bt-elements-client.ts`, typed
// against web-elements' published `BasisTheoryElementsInternal`) served as its source with the element pages' files
// and titles.

const pages = Object.fromEntries(Object.entries(btElementPages).map(([type, page]) => [type, { file: page.file, title: page.title }])) as Record<BtElementType, BtElementPage>;

/**
 * `GET /web-elements/{version}/client/index.js`: a classic script (ES2020, no eval) that defines
 * `window.BasisTheoryElements`: `init`, `createElement` (`card`, `cardNumber`, `cardExpirationDate`,
 * `cardVerificationCode`, `text`), `tokens.create` with elements in `data`, and `hasElement`. The other members of
 * BT's interface reject (or throw) "not emulated". See `../browser/bt-elements-client.ts`.
 */
export const btElementsClientScript = `/* Tessera sandbox: Basis Theory Elements emulation, client. */\n${servedScript(btElementsClient, [btClientElement, btClientErrors, btClientFrames, btClientMount, btClientRandomId, btClientTokens], pages)}`;
