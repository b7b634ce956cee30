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
    // the cent as brokers pass it on: $20.60 per million dollars sold from 4 April 2026, set by the "Order
    // Making Fiscal Year 2026 Annual Adjustments to Transaction Fee Rates" (Release 34-104909 of 27 February
    // 2026, 91 FR 10643, FR Doc 2026-04233). Read 2026-12-02: the order's heading in the Federal Register copy
    // (https://federalstatelaw.com/federal-register/2026-04233) but not its rate paragraph; the rate and its
    // date as brokers' fee pages and public fee tables give them (e.g. Firstrade's pricing, "SEC transaction
    // fee: $20.60 per million dollars on eligible sell transactions"). Before: $27.80 to 13 May 2025 and
    // $0.00 from 14 May 2025 (FINRA Information Notice of 24 April 2025) until the fiscal 2026 rate.
    { id: "secFee", kind: "regulatorFee", basis: { kind: "value", rate: "0.0000206" }, side: "sell" },
    // FINRA trading activity fee on sales of covered equity securities: $0.000195 a share, at most $9.79 a
    // trade, from 1 January 2026 (FINRA By-Laws, Schedule A, Section 1(b)(2)(A), as amended by SR-FINRA-2024-019,
    // Release 34-101696 of 21 November 2024, 89 FR 93709, which phases the rate: 2025 $0.000166/$8.30, 2026
    // $0.000195/$9.79, 2027 $0.000232/$11.61). Read 2026-12-02: the filing's notice
    // (https://www.govinfo.gov/content/pkg/FR-2024-11-27/html/2024-27764.htm) lists "TAF 2026-2029" in its
    // schedule; the per-share rates and caps as brokers' fee pages and public fee tables give them.
    {
      id: "finraTaf",
      kind: "regulatorFee",
      basis: { kind: "shares", rate: "0.000195" },
      side: "sell",
      max: "9.79",
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
