export { OfferList } from "./components/OfferList";
export { StatusChip, WindowText } from "./components/OfferRow";
export { SubscriptionRow } from "./components/SubscriptionRow";
