export { useBankCards, useWallets } from "./api/cards";
export { AddressQrCode } from "./components/AddressQrCode";
export { lastFour } from "./components/cardNumber";
export { destinationLabel, networkName, shortAddress } from "./components/destination";
