export { PROOF_LATEST_KEY, PROOF_MINE_KEY } from "./api/proof";
