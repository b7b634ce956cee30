export { marketFeed, useNow } from "./api/live";
export { useQuote } from "./api/market";
export { useOpenStock } from "./api/openStock";
export { IndexBoard } from "./components/IndexBoard";
export { QuoteList } from "./components/QuoteList";
export { PositionChart } from "./components/PositionChart";
