import "../market.css";
import { DetailView } from "../components/DetailView";

/** /market/stockDetailzs: an index (no watchlist, no buy). */
export default function IndexDetailScreen() {
  return <DetailView index />;
}
