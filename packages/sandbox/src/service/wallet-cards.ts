import { type TestCardOutcome, testCardOutcome } from './test-cards.js';
import { testCardNumbers, type TestCardName } from './test-card-names.js';

/** How Google Pay hands over a card: its number (`PAN_ONLY`, 3DS may follow) or a device token with a cryptogram. */
export type GoogleAuthMethod = 'PAN_ONLY' | 'CRYPTOGRAM_3DS';

/** The wallet a test wallet card is in. */
export type WalletCardWallet = 'apple_pay' | 'google_pay' | 'both';

/** What a sheet shows of a test wallet card. */
interface WalletCardFace {
  wallet: WalletCardWallet;
  /** What a sheet shows, e.g. `Visa •••• 4242`. */
  label: string;
  network: 'visa' | 'mastercard';
  /** What a payment with it does: approves, declines, asks for a 3DS challenge. */
  description: string;
}

/** A test wallet card, as `GET /sandbox/wallet-cards` lists it (the stand-in sheets show these). */
export interface WalletCardView extends WalletCardFace {
  id: WalletCardId;
}

/** A test wallet card as declared: its face, and the facts the sandbox keeps to itself. */
interface WalletCardEntry extends WalletCardFace {
  id: string;
  /** The card test card whose outcome a payment with it gets (`service/test-cards.ts`): the card path's behaviour. */
  testCard: TestCardName;
  /** How Google Pay hands it over (Apple Pay always gives a device token with a cryptogram). */
  googleAuthMethod: GoogleAuthMethod;
  /** The device account number's (DPAN's) first six and last four, for a device token (Apple Pay, `CRYPTOGRAM_3DS`). */
  device: { bin: string; last4: string };
}

/** A test wallet card. */
export type WalletCard = WalletCardEntry & { id: WalletCardId };

/**
 * The sandbox's test wallet cards (the sandbox's choice: neither Apple nor Google publishes wallet test cards a
 * sandbox could reuse). Each takes a card test card's outcome, so a payment from its wallet token behaves like one
 * made with that card: approved, declined (a failed payment), or a 3DS challenge (Google Pay `PAN_ONLY` only: a
 * device token carries its cryptogram and is never challenged).
 */
const walletCardList = [
  {
    id: 'visa_approved',
    wallet: 'both',
    label: 'Visa •••• 4242',
    network: 'visa',
    description: 'Approves. Apple Pay and Google Pay give a device token with a cryptogram (CRYPTOGRAM_3DS): no 3DS challenge.',
    testCard: 'visa',
    googleAuthMethod: 'CRYPTOGRAM_3DS',
    device: { bin: '489537', last4: '8412' },
  },
  {
    id: 'mastercard_approved',
    wallet: 'both',
    label: 'Mastercard •••• 4444',
    network: 'mastercard',
    description: 'Approves. Google Pay gives the card number (PAN_ONLY) with no 3DS challenge; Apple Pay a device token.',
    testCard: 'mastercard',
    googleAuthMethod: 'PAN_ONLY',
    device: { bin: '520473', last4: '6604' },
  },
  {
    id: 'visa_declined',
    wallet: 'both',
    label: 'Visa •••• 9995',
    network: 'visa',
    description: 'Declines: the issuer refuses it on every processor (insufficient_funds), as card 4000 0000 0000 9995 does.',
    testCard: 'visa_insufficient_funds',
    googleAuthMethod: 'PAN_ONLY',
    device: { bin: '489537', last4: '7390' },
  },
  {
    id: 'visa_3ds',
    wallet: 'google_pay',
    label: 'Visa •••• 3220',
    network: 'visa',
    description: 'Asks for a 3DS challenge: Google Pay gives the card number (PAN_ONLY), as card 4000 0000 0000 3220 does.',
    testCard: 'visa_3ds',
    googleAuthMethod: 'PAN_ONLY',
    device: { bin: '489537', last4: '5317' },
  },
] as const satisfies readonly WalletCardEntry[];

/** The id of a test wallet card. */
export type WalletCardId = (typeof walletCardList)[number]['id'];

/** The test wallet cards as `GET /sandbox/wallet-cards` answers them. */
export function walletCardViews(): WalletCardView[] {
  return walletCardList.map(({ id, wallet, label, network, description }) => ({ id, wallet, label, network, description }));
}

/** The test wallet card of this id in this wallet; `undefined` for another id, or a card the wallet does not hold. */
export function walletCard(id: string, wallet: 'apple_pay' | 'google_pay'): WalletCard | undefined {
  const card: WalletCard | undefined = walletCardList.find((candidate) => candidate.id === id);
  return card && (card.wallet === 'both' || card.wallet === wallet) ? card : undefined;
}

/** The ids of the wallet's test cards (for a message naming them). */
export const walletCardIds = (wallet: 'apple_pay' | 'google_pay'): string[] => walletCardList.filter((card) => card.wallet === 'both' || card.wallet === wallet).map((card) => card.id);

/** The card facts of a wallet card's funding card (FPAN): first six, last four, and its test-card outcome. */
export function fundingCard(card: WalletCard): { bin: string; last4: string; outcome: TestCardOutcome } {
  const number = testCardNumbers[card.testCard];
  return { bin: number.slice(0, 6), last4: number.slice(-4), outcome: testCardOutcome(number) };
}
