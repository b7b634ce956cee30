/**
 * Identity rules shared by the server and the app: bank cards with their IFSC or SWIFT/BIC per country, wallet addresses and their QR
 * code, KYC forms and states. The hashes and encodings behind the address checks (@noble/hashes,
 * @scure/base) are not re-exported: whoever needs a hash imports the library, not this package.
 */
export * from "./bankCodes.js";
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
