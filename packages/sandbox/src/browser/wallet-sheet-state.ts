import type { WalletSheetConfig } from './wallet-sheet.js';
import type { WalletSheetCard, WalletSheetShow, WalletSheetWallet } from './wallet-sheet-messages.js';

// What the stand-in wallet sheet's script (`./wallet-sheet.ts`) and its parts share (types only).

/** The sheet while it shows: its wallet, the stand-in's origin, its cards, what it shows, and whether it waits. */
export interface WalletSheetState {
  config: WalletSheetConfig;
  wallet: WalletSheetWallet;
  /** The origin whose `show` came first: the only one answered. */
  parentOrigin: string | null;
  cards: WalletSheetCard[];
  show: WalletSheetShow | null;
  /** The merchant is answering a choice: Pay waits. */
  busy: boolean;
  /** Pay is minting: Pay waits. */
  paying: boolean;
  /** The first card was sent. */
  announced: boolean;
}
