export { WatchStar } from "./components/WatchStar";
export { WatchlistView } from "./components/WatchlistView";
