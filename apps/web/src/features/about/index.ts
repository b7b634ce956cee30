export { LEGAL_SCREEN } from "./legal";
