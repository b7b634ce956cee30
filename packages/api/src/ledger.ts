import { z } from "zod";
import { CURRENCIES, ENTRY_TYPES } from "./constants.js";

/** Also here for the schemas beside them; the web app imports them from `@brokerage/api/constants`. */
export { CURRENCIES, DISPLAY_CURRENCIES, ENTRY_TYPES } from "./constants.js";

/**
 * The ledger's vocabulary in the contract (DESIGN §5 Ledger): the entry types that fund records show as
 * their fund-flow type (`fundFlow.<type>` in the locale files), and the currencies of wallets.
 */
export const entryType = z.enum(ENTRY_TYPES);
export type EntryType = z.infer<typeof entryType>;

export const currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currency>;
