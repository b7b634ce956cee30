export { maskAccount } from "./mask";
