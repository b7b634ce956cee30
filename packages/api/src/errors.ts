/**
 * Stable error codes. The server answers a business error with one of these plus `params`; the client
 * translates the code (locale key `errors.<CODE>`) and formats the params. The English text here is the
 * server's `msg`, for logs and for API users without a translation table.
 */
import type { ErrorParams } from "./errorParams.js";

export { MONEY_PARAMS, TIME_PARAMS, ZONE_PARAMS, boundParams, type ErrorParams } from "./errorParams.js";

export const ERROR_MESSAGES = {
  // Input and platform
  INVALID_INPUT: "Invalid input: {{field}}",
  UNAUTHORIZED: "Please log in again",
  FORBIDDEN: "You do not have permission to do this",
  NOT_FOUND: "Not found",
  SYSTEM_BUSY: "System busy, please try again later",
  TOO_FREQUENT: "Submitted too frequently, please try again later",
  INTERNAL: "Something went wrong on our side. Reference: {{requestId}}",
  IDEMPOTENCY_CONFLICT: "This request was already submitted with different content",
  // Account and login
  ACCOUNT_NOT_FOUND: "Account does not exist",
  WRONG_CREDENTIALS: "Account or password is wrong",
  ACCOUNT_EXISTS: "Account already exists",
  INVITER_NOT_FOUND: "The inviter does not exist",
  PASSWORDS_MISMATCH: "The two passwords do not match",
  PASSWORD_TOO_SHORT: "The password needs at least {{minLength}} characters",
  ACCOUNT_FORMAT: "Enter a phone number or an account name of 4 to 32 letters, digits or underscores",
  AGREEMENT_REQUIRED: "Please agree to the user agreement and privacy policy",
  REGISTRATION_FAILED: "Registration failed",
  ACCOUNT_FROZEN: "Your account is frozen, please contact customer service",
  LOGIN_BANNED: "Login is banned for this account, please contact customer service",
  ACCOUNT_DISABLED: "Your account is disabled, please contact customer service",
  TRADE_BANNED: "This account cannot trade, please contact customer service",
  WITHDRAW_BANNED: "This account cannot withdraw, please contact customer service",
  KYC_REQUIRED: "Please complete real-name verification first",
  ORIGINAL_PASSWORD_WRONG: "The original password is wrong",
  SAME_PASSWORD: "The new password must differ from the old one",
  PASSWORD_COMMON: "This password is too common and easy to guess: choose another",
  PASSWORD_CONTAINS_ACCOUNT: "The password must not contain the account",
  PASSWORD_BLANK: "The password cannot be only spaces or one repeated character",
  // Funds and cards
  FUND_PASSWORD_WRONG: "The fund password is wrong",
  FUND_PASSWORD_NOT_SET: "Please set a fund password first",
  FUND_PASSWORD_ALREADY_SET: "The fund password is already set; change it with the old one",
  FUND_PASSWORD_LOCKED: "Too many wrong fund passwords: fund operations are locked until {{until}}",
  FUND_PASSWORD_SAME_AS_LOGIN: "The fund password must differ from the login password",
  CHANNEL_PASSWORD_WRONG: "The channel password is wrong",
  INSUFFICIENT_BALANCE: "Insufficient balance",
  INSUFFICIENT_AVAILABLE: "Insufficient available balance: {{available}}",
  INSUFFICIENT_WITHDRAWABLE: "Insufficient withdrawable amount: {{available}}",
  INSUFFICIENT_CREDIT_SCORE: "Insufficient credit score",
  FUND_OPERATION_PENDING: "Another fund operation is pending",
  CARD_NOT_FOUND: "Card not found",
  CARD_EXISTS: "This card already exists",
  CARD_NOT_OWNED: "This card is not the holder's own",
  CARD_NUMBER_INVALID: "Enter a card or account number of 12 to 19 digits",
  IFSC_INVALID: "Enter a valid IFSC code: 4 letters, then 0, then 6 letters or digits",
  ACCOUNT_NUMBER_INVALID:
    "Enter the account number: an IBAN where the country's banks use them, else 6 to 34 letters and digits",
  IFSC_UNKNOWN: "No bank branch has this IFSC code: check it against your cheque book or passbook",
  SWIFT_INVALID: "Enter a valid SWIFT/BIC code: 8 or 11 letters and digits, such as DEUTDEFF",
  SWIFT_COUNTRY_MISMATCH: "This SWIFT/BIC code is of a bank in {{codeCountry}}, not in the country chosen",
  CARD_LIMIT_REACHED: "You can bind at most {{limit}} bank cards",
  CARD_WITHDRAWAL_PENDING: "This card has a pending withdrawal and cannot be removed yet",
  WALLET_ADDRESS_INVALID: "This is not a valid {{type}} address",
  WALLET_EXISTS: "This wallet address already exists",
  WALLET_LIMIT_REACHED: "You can add at most {{limit}} wallet addresses",
  WALLET_NOT_FOUND: "Wallet address not found",
  WALLET_WITHDRAWAL_PENDING: "This address has a pending withdrawal and cannot be removed yet",
  NETWORK_UNSUPPORTED: "Payouts in {{currency}} to {{type}} addresses are not offered",
  AMOUNT_BELOW_FEE: "The amount must be above the network fee of {{amount}}",
  WITHDRAWAL_FAILED: "Withdrawal could not be initiated",
  PENDING_REVIEW_EXISTS: "A deposit or order pending review already exists",
  UNPAID_LOAN: "There is an unpaid credit loan",
  REPAYMENT_EXCEEDS_LOAN: "The repayment exceeds the loan",
  LOAN_QUOTA_INSUFFICIENT: "Insufficient loan quota",
  AMOUNT_BELOW_MIN: "The amount is below the minimum of {{min}}",
  AMOUNT_ABOVE_MAX: "The amount is above the maximum of {{max}}",
  OUTSIDE_WINDOW: "Not available at this time. Hours: {{start}} to {{end}} ({{timeZone}}) on workdays",
  // Money (deposits, withdrawals, exchange, records)
  CURRENCY_UNSUPPORTED: "This currency is not available here",
  CHANNEL_UNAVAILABLE: "This deposit channel is not available",
  VOUCHER_REQUIRED: "Please upload the transfer voucher",
  SAME_CURRENCY: "Choose two different currencies",
  QUOTE_EXPIRED: "The quote has expired; please get a new quote",
  RATE_UNAVAILABLE: "The exchange rate could not be obtained; please try again",
  DATE_RANGE_INVALID: "Choose a date range of at most {{maxDays}} days, the start before the end",
  // Real-name verification and uploaded photos
  KYC_UNDER_REVIEW: "Your real-name verification is under review; please wait for the result",
  KYC_ALREADY_VERIFIED: "Your real-name verification is already complete",
  REAL_NAME_INVALID: "Enter your name as on your ID: 2 to 60 letters",
  ID_NUMBER_INVALID:
    "Enter the ID number: 6 to 20 letters or digits, or its first 6 and last 1 with * between them",
  IMAGE_EMPTY: "The photo is empty; please choose it again",
  IMAGE_TOO_LARGE: "The photo is larger than {{maxMb}} MB",
  IMAGE_TYPE_UNSUPPORTED: "Only JPEG, PNG or WebP photos are accepted",
  IMAGE_TOO_MANY_PIXELS: "The photo's dimensions are too large",
  IMAGE_CORRUPT: "The photo is damaged or incomplete; please take it again",
  // Back office and two-step log-in
  REASON_REQUIRED: "Please give a reason",
  OTP_REQUIRED: "Enter the 6-digit code from your authenticator app",
  OTP_INVALID: "The code is wrong or has expired",
  TOTP_LOCKED:
    "Too many wrong codes: the code step of this account is locked until {{until}}. You can still log in with a recovery code",
  RECOVERY_CODES_LOCKED: "Too many wrong recovery codes: they are locked until {{until}}",
  TOTP_ALREADY_ENABLED: "Two-step log-in is already on",
  TOTP_NOT_ENROLLED: "Start setting up two-step log-in first: no code is waiting to be confirmed",
  TOTP_ENROLMENT_REQUIRED: "Set up two-step log-in before using the back office",
  SAME_APPROVER: "A second, different reviewer must approve this",
  SETTING_CHANGE_PENDING: "A change of this setting is waiting for a second administrator",
  SETTING_TITLE_INVALID: "The title needs 1 to 40 characters, without spaces at either end",
  SETTING_LOGO_TYPE: "The logo must be a PNG or WebP image",
  SETTING_LOGO_TOO_LARGE: "The logo must be at most 256 × 256 pixels and 64 KB",
  SETTING_LANGUAGES_EMPTY: "Offer at least one language",
  SETTING_LANGUAGE_UNKNOWN: "Offer only the app's languages, each once",
  SETTING_LINK_NOT_HTTPS: "The link must be an https:// address",
  STAFF_SELF_CHANGE: "You cannot disable or demote your own account",
  LAST_ADMINISTRATOR: "The last active administrator cannot be disabled or demoted",
  TOTP_NOT_ENABLED: "Two-step log-in is not on",
  PASSWORD_WRONG: "The password is wrong",
  // Trading and products
  ORDER_STATE_INVALID: "This order is not in a state that allows this; do not repeat",
  CONTRACT_NOTE_UNFILLED: "This order has not been filled, so it has no contract note yet",
  PRODUCT_UNAVAILABLE: "The product is missing or delisted",
  FOLLOW_TIME_EXCEEDED: "The follow time limit has passed",
  BELOW_MIN_BUY: "Below the minimum buy amount of {{min}}",
  BELOW_MIN_AMOUNT: "Below the minimum amount of {{min}}",
  FOLLOW_REDEEM_NOT_ALLOWED: "This product pays out at its end time: it cannot be redeemed early",
  FOLLOW_STOP_LOSS_INVALID: "Choose a copy stop-loss from 5% to 95% of the amount, in whole percent",
  FOLLOW_TERMS_FIXED: "A product's currency, leader, fees and end time are fixed once it is created",
  BLOCK_TRADE_CLOSED: "Block trade closed; minimum {{minShares}} shares",
  BLOCK_TRADE_BELOW_MIN: "Below the block trade's minimum of {{minShares}} shares",
  BLOCK_TRADE_ABOVE_MAX: "Above the block trade's maximum of {{maxShares}} shares per subscription",
  PLACEMENT_CLOSED: "This offer is not taking subscriptions",
  PLACEMENT_BELOW_MIN: "Below the minimum placement amount of {{min}} {{currency}}",
  PLACEMENT_ABOVE_MAX: "Above the offer's maximum of {{max}} {{currency}} per subscription",
  PLACEMENT_HOLDERS_ONLY: "Only holders of {{symbol}} may subscribe to this offer",
  MARGIN_NOT_ENABLED: "Margin trading is not enabled",
  RISK_DISCLOSURE_REQUIRED: "Read the risk warning and acknowledge it before your first leveraged order",
  TRADING_SELF_LOCKED: "You locked your own trading until {{until}}; it cannot be lifted early",
  KILL_SWITCH_ONLY_EXTENDS: "Trading is already locked until {{until}}: a lock can only be extended",
  LOSS_LIMIT_REACHED:
    "Today's loss has reached your daily loss limit of {{amount}} {{currency}}: no new orders until the day ends; closing stays allowed",
  ORDER_UNUSUAL:
    "This order is far from the price or far above your usual size: check it and confirm to place it",
  DAY_TRADE_ALLOWANCE_EXCEEDED:
    "This order's margin is beyond your day-trading allowance: {{available}} left",
  DAY_TRADING_PENDING: "Your day-trading application is under review; please wait for the result",
  PRICE_BEYOND_LIMIT: "The price is beyond the limit",
  PRICE_UNAVAILABLE: "The price could not be obtained",
  PRICE_NOT_POSITIVE: "The order price must be above 0",
  NON_TRADING_HOURS: "Non-trading hours",
  NOT_YET_OPEN: "Not yet listed or not yet subscription time",
  SUBSCRIPTION_CHANNEL_CLOSED: "The subscription channel is not open",
  SELL_LOCKED: "Locked: can be sold after {{until}}",
  QUANTITY_NOT_WHOLE_LOTS: "The quantity must be a whole number of lots, at least 1 (1 lot is 1 share)",
  QUANTITY_NOT_MULTIPLE_OF_STEP: "The quantity must be a multiple of {{step}}, at least {{step}}",
  LEVERAGE_NOT_ALLOWED: "This leverage is not offered for this market; choose one of {{allowed}}",
  STOP_PRICE_INVALID:
    "Set the stop-loss below and the take-profit above the price for a long position, the other way round for a short",
  SECRET_KEY_MISMATCH: "The secret key does not match",
  IPO_BELOW_MIN: "Below the minimum subscription of {{minShares}} shares",
  IPO_ABOVE_MAX: "Above the maximum of {{maxShares}} shares per subscription",
  IPO_LIMIT_REACHED: "You can subscribe to this offering at most {{limit}} times",
  IPO_ALREADY_LISTED: "{{symbol}} is already listed: a new-share offering of it is not possible",
  LENDING_UNAVAILABLE: "Lending quota is full or the channel is closed",
  LENDING_QUOTA_FULL:
    "Lending quota is full or the channel is closed: {{available}} {{currency}} of the quota is left, these shares are worth {{amount}} {{currency}}",
  LENDING_BELOW_MIN:
    "Below the minimum lending amount of {{min}} {{currency}}: these shares are worth {{amount}} {{currency}}",
  LENDING_NOT_ELIGIBLE: "Only an open long position without leverage, in shares, can be lent",
  LENDING_EXISTS: "Shares of this position are already lent or waiting for review",
  LENDING_ABOVE_HELD: "This position holds {{held}} whole shares: lend at most that many",
  LENDING_TERM_INVALID: "Choose a lending term of {{allowed}} days",
  POSITION_LENT: "These shares are lent: the position can be closed after {{until}}, when they come back",
  ALREADY_CHECKED_IN: "Already checked in today",
  INSUFFICIENT_CHECKIN_COUNT: "Insufficient check-in count",
  CHECKIN_REWARD_UNAVAILABLE: "This check-in reward is not offered any more",
  SEAT_NOT_OFFERED: "Seat accounts are not offered at present",
  SEAT_PENDING: "Your seat application is under review; please wait for the result",
  SEAT_ALREADY_HELD: "Your account is already a seat account",
  // Customer service
  SUPPORT_THREAD_CLOSED: "This conversation is closed: start a new one",
  SUPPORT_FINAL_ANSWER_TOO_SHORT:
    "A complaint closes only with a written final answer of at least {{minLength}} characters",
  SUPPORT_STAFF_UNAVAILABLE: "This staff member cannot take support conversations",
  // Market data
  WATCHLIST_FULL: "Your watchlist is full: at most {{limit}} stocks",
  UNKNOWN_SYMBOL: "Unknown symbol: {{symbol}}",
  BAD_PERIOD: "Unsupported chart period",
  // Price alerts
  ALERT_LIMIT_REACHED: "You can keep at most {{limit}} active price alerts: remove one first",
  ALERT_PRICE_NOT_POSITIVE: "The alert price must be above 0",
  ALERT_PRICE_DECIMALS: "Enter a price with at most {{decimals}} decimals",
  ALERT_MOVE_OUT_OF_RANGE: "Enter a move from {{lowest}}% to {{highest}}%, with at most 2 decimals",
  ALERT_NOT_ABOVE_PRICE: "The price is {{price}} now: an alert above it needs a higher price",
  ALERT_NOT_BELOW_PRICE: "The price is {{price}} now: an alert below it needs a lower price",
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

/** Fills `{{name}}` placeholders; used for the server's English `msg`. */
export function renderMessage(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? "");
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, value);
}
