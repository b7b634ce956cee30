export { SUPPORT_KEY } from "./api/support";
