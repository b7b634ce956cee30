export { CheckinCard } from "./components/CheckinCard";
