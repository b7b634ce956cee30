import "../market.css";
import { DetailView } from "../components/DetailView";

/** /market/stockDetail: an instrument saved by the caller in local storage (spec §2). */
export default function StockDetailScreen() {
  return <DetailView index={false} />;
}
