/** The contract schemas the forms check on the client, in a chunk of their own (see contract.ts). */
export { changeLoginPasswordRequest, loginRequest, registerRequest } from "@brokerage/api";
