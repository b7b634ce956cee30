export { usePlacementOffers } from "./api/placement";
