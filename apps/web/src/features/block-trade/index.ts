export { OfferList } from "./components/OfferList";
