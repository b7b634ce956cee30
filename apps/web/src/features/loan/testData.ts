import type { AccountOverview, Loan, LoanStatus } from "@brokerage/api";

/** Fixtures of the loan tests (imported by tests only): the default terms, a user's loans and balances. */
export const TERMS: LoanStatus["terms"] = {
  currency: "USD",
  perScorePoint: "100.00",
  maxQuota: "50000.00",
  minAmount: "100.00",
  dailyRate: "0.0005",
  termDays: 30,
};

export const loanOf = (over: Partial<Loan> = {}): Loan => ({
  id: "3f0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f",
  currency: "USD",
  amount: "1000.00",
  interest: "15.00",
  total: "1015.00",
  repaid: "0.00",
  owed: "1015.00",
  dailyRate: "0.0005",
  termDays: 30,
  state: "pending",
  reason: null,
  createdAt: "2026-11-23T09:00:00.000Z",
  decidedAt: null,
  dueAt: null,
  finishedAt: null,
  ...over,
});

export const borrowing = (over: Partial<Loan> = {}) =>
  loanOf({
    state: "borrowing",
    decidedAt: "2026-11-23T10:00:00.000Z",
    dueAt: "2026-12-23T10:00:00.000Z",
    ...over,
  });

export const statusOf = (over: Partial<LoanStatus> = {}): LoanStatus => ({
  terms: TERMS,
  creditScore: 100,
  quota: "10000.00",
  availableQuota: "10000.00",
  owed: "0.00",
  current: null,
  refusal: null,
  ...over,
});

export const overviewWith = (usdAvailable: string): AccountOverview => ({
  currency: "USD",
  total: usdAvailable,
  available: usdAvailable,
  profit: "0.00",
  netDeposits: "0.00",
  frozen: "0.00",
  wallets: [{ currency: "USD", available: usdAvailable, frozen: "0.00", value: usdAvailable }],
  positionsValue: "0.00",
  unconverted: [],
  asOf: "2026-11-23T10:00:00.000Z",
});
