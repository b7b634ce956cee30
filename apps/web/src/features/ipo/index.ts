export { OfferingList } from "./components/OfferingList";
