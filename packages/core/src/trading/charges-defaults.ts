import type { MarketCode } from "../market/exchanges.js";
import type { ChargeComponent } from "./charges.js";

/** The platform's commission as a component: its rate on the value, at least its minimum, on both sides. */
export function commissionOf(config: { feeRate: string; minFee: string }): ChargeComponent {
  return {
    id: "commission",
    kind: "commission",
    basis: { kind: "value", rate: config.feeRate },
    side: "both",
    min: config.minFee,
  };
}

/**
 * Each market's published charges besides the platform's commission, as of December 2026, each with its
 * source. Amounts are in the market's settlement currency. An operator keeps them current through
 * `trading.<MARKET>.charges` (the SEC resets its rate every fiscal year).
 */
export const DEFAULT_CHARGES: Readonly<Record<MarketCode, ChargeComponent[]>> = {
  IN: [
    // NSE transaction charge on delivery equity: 0.00297% of turnover on each side, in force from
    // 1 October 2024 (the uniform rate NSE set after SEBI's "true to label" circular of 1 July 2024).
    { id: "exchangeFee", kind: "exchangeFee", basis: { kind: "value", rate: "0.0000297" }, side: "both" },
    // SEBI turnover fee: ₹10 per crore (0.0001%) of turnover on each side (SEBI (Stock Brokers)
    // Regulations, fee schedule; as brokers' published charge lists show it in 2024–2026).
    { id: "sebiFee", kind: "regulatorFee", basis: { kind: "value", rate: "0.000001" }, side: "both" },
    // Securities transaction tax on delivery equity: 0.1% of the value on the purchase and on the sale
    // (Finance (No. 2) Act 2004, Chapter VII, s. 98 items (a) and (b), as amended by the Finance (No. 2)
    // Act 2024).
    { id: "stt", kind: "transactionTax", basis: { kind: "value", rate: "0.001" }, side: "both" },
    // Stamp duty on a delivery purchase: 0.015% (₹1,500 per crore) of the value, charged to the buyer only
    // (Indian Stamp Act 1899 as amended by the Finance Act 2019, collected through the exchanges from
    // 1 July 2020).
    { id: "stampDuty", kind: "stampDuty", basis: { kind: "value", rate: "0.00015" }, side: "buy" },
    // GST at 18% on the brokerage, the exchange's transaction charge and the SEBI fee (GST on financial
    // services, heading 9971; on SEBI fees as SEBI's circular of 18 July 2022 set it).
    {
      id: "gst",
      kind: "vat",
      basis: { kind: "charges", rate: "0.18", on: ["commission", "exchangeFee", "sebiFee"] },
      side: "both",
    },
  ],
  US: [
    // SEC transaction fee on sales under section 31 of the Securities Exchange Act of 1934, rounded up to
    // the cent as brokers pass it on: $27.80 per million (Fee Rate Advisory #2 for fiscal 2024, the last
    // non-zero rate found in the sources at hand). The fiscal 2026 rate is set by Release 34-104909 of
    // 27 February 2026: keep `trading.US` current with it.
    { id: "secFee", kind: "regulatorFee", basis: { kind: "value", rate: "0.0000278" }, side: "sell" },
    // FINRA trading activity fee on sales of covered equity securities: $0.000166 a share, at most $8.30 a
    // trade (FINRA By-Laws, Schedule A, Section 1(b)(2)(A), rates in force from 1 January 2024).
    {
      id: "finraTaf",
      kind: "regulatorFee",
      basis: { kind: "shares", rate: "0.000166" },
      side: "sell",
      max: "8.30",
    },
  ],
  KR: [
    // Securities transaction tax on sales from 1 January 2026 (Enforcement Decree of the Securities
    // Transaction Tax Act, 2025 tax revision): KOSPI 0.05% plus the 0.15% special tax for rural development,
    // KOSDAQ 0.20%; both 0.20% in all (0.15% in 2025).
    { id: "stt", kind: "transactionTax", basis: { kind: "value", rate: "0.002" }, side: "sell" },
  ],
  MY: [
    // Bursa Malaysia Securities Clearing fee on an on-market (novated) contract: 0.03% of the value, at
    // most RM1,000 per contract, from buyer and seller (Bursa Malaysia, "Transaction costs").
    {
      id: "clearingFee",
      kind: "clearingFee",
      basis: { kind: "value", rate: "0.0003" },
      side: "both",
      max: "1000",
    },
    // Stamp duty on contract notes of listed shares: RM1 for every RM1,000 of the value or part of it,
    // at most RM1,000 per contract, from buyer and seller (Stamp Act 1949, First Schedule item 31(a), with
    // the rate and cap of Budget 2024 from 1 January 2024).
    {
      id: "stampDuty",
      kind: "stampDuty",
      basis: { kind: "blocks", block: "1000", rate: "1" },
      side: "both",
      max: "1000",
    },
    // No service tax on the brokerage: brokerage on shares listed on Bursa Malaysia is exempt from SST
    // since 1 January 2022 (Minister of Finance, Budget Speech 2022).
  ],
  TH: [
    // SET trading fee 0.005%, TSD clearing fee 0.001% and the SEC's regulatory fee 0.001% of the value,
    // on each side (SET and TSD fee schedules as brokers publish them, e.g. Kasikorn Securities and RHB
    // Securities Thailand, 2023).
    { id: "exchangeFee", kind: "exchangeFee", basis: { kind: "value", rate: "0.00005" }, side: "both" },
    { id: "clearingFee", kind: "clearingFee", basis: { kind: "value", rate: "0.00001" }, side: "both" },
    { id: "secFee", kind: "regulatorFee", basis: { kind: "value", rate: "0.00001" }, side: "both" },
    // VAT at 7% on the commission and those fees (Revenue Code s. 80, the reduced rate extended by royal
    // decree). No stamp duty is levied on SET trades (Revenue Code, stamp duty schedule: shares traded on
    // the SET are not instruments of transfer). The financial transaction tax on sales (Revenue Code
    // s. 91/2(10) as amended by the Revenue Code Amendment Act (No. 55) B.E. 2565; Royal Decree No. 775
    // B.E. 2566) exempts the first 1 billion baht of a seller's sales in a calendar month, so it is not
    // charged to a retail account here.
    {
      id: "vat",
      kind: "vat",
      basis: { kind: "charges", rate: "0.07", on: ["commission", "exchangeFee", "clearingFee", "secFee"] },
      side: "both",
    },
  ],
  // No transaction tax or exchange fee besides the platform's commission on crypto and spot forex.
  CRYPTO: [],
  FX: [],
};
