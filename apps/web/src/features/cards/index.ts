export { useBankCards } from "./api/cards";
export { AddressQrCode } from "./components/AddressQrCode";
export { lastFour } from "./components/cardNumber";
