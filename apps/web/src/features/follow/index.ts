export { ProductList } from "./components/ProductList";
