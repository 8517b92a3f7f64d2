import type { WalletSheetFrame } from '../browser/wallet-sheet-frame.js';
import type { WalletSheetTag } from '../browser/wallet-sheet-messages.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';

// The part the two wallet stand-ins (apple-pay-js.ts, google-pay-js.ts) share: the sheet's overlay, an iframe of
// `GET /sandbox/wallet-sheet` from the sandbox's origin talking to the script by postMessage
// (`../browser/wallet-sheet-frame.ts`, served to each as an argument). The script only takes messages from that
// frame's window and the sandbox's origin; the sheet answers only the origin that showed it. The messages are
// declared once in `../browser/wallet-sheet-messages.ts`.

/** The name of the sheet's iframe (`iframe[name="tessera-wallet-sheet"]`): the Playwright helpers find it by it. */
export const WALLET_SHEET_FRAME_NAME = 'tessera-wallet-sheet';

/** The `tessera` field of every message between the stand-in script and its sheet. */
export const WALLET_SHEET_MESSAGE: WalletSheetTag = 'wallet-sheet';

/** Where the sheet's frame is and how its messages are tagged, as the stand-ins take it (`openWalletSheet`). */
export const walletSheetFrame: WalletSheetFrame = { name: WALLET_SHEET_FRAME_NAME, path: sandboxRoutes.walletSheet, tag: WALLET_SHEET_MESSAGE };
