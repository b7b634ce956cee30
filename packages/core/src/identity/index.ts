/**
 * Identity rules shared by the server and the app: bank cards and IFSC, wallet addresses and their QR
 * code, KYC forms and states. The hash and base58 helpers behind the address checks stay internal: the
 * server hashes with node:crypto, and nothing else should come to depend on these.
 */
export * from "./cards.js";
export * from "./kyc.js";
export {
  QR_DEFAULTS,
  QR_ERROR_CORRECTION_LEVELS,
  QR_MAX_BYTES,
  WALLET_TYPES,
  fitsInQrCode,
  isWalletAddress,
  isWalletType,
  walletAddressKey,
  type QrErrorCorrectionLevel,
  type WalletType,
} from "./wallets.js";
