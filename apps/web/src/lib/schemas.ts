/** The contract schemas the forms check on the client, in a chunk of their own (see contract.ts). */
export {
  addBankCardRequest,
  addWalletRequest,
  changeFundPasswordRequest,
  changeLoginPasswordRequest,
  dayTradingApplyRequest,
  exchangeQuoteRequest,
  loanApplyRequest,
  loanRepayRequest,
  loginRequest,
  rechargeFields,
  registerRequest,
  setFundPasswordRequest,
  withdrawRequest,
} from "@brokerage/api";
