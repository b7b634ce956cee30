import type {
  ContractNoteRequest,
  StatementRequest,
  TaxReportFileRequest,
  TaxReportRequest,
} from "@brokerage/api";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, apiPost } from "../../../lib/api";
import { STATEMENT_TIMEOUT_MS, fileOf, type StatementFile } from "./statement";

/** `trade/contractNote {orderId, language}`: the note of one of the user's filled orders, a printable document. */
export async function fetchContractNote(request: ContractNoteRequest): Promise<StatementFile> {
  const response = await apiFetch("trade/contractNote", request);
  return fileOf(response, "text/html", `contract-note-${request.orderId}.html`);
}

/** `fund/statementDocument`: the funds statement of a period (a month) as a printable document. */
export async function fetchStatementDocument(request: StatementRequest): Promise<StatementFile> {
  const response = await apiFetch("fund/statementDocument", request, { timeoutMs: STATEMENT_TIMEOUT_MS });
  return fileOf(response, "text/html", `funds-statement-${request.from}-to-${request.to}.html`);
}

/** `fund/taxReportFile`: the tax report as CSV or a printable document. */
export async function fetchTaxReportFile(request: TaxReportFileRequest): Promise<StatementFile> {
  const response = await apiFetch("fund/taxReportFile", request, { timeoutMs: STATEMENT_TIMEOUT_MS });
  const type = request.format === "csv" ? "text/csv" : "text/html";
  return fileOf(response, type, `tax-report-${request.year}-${request.currency}.${request.format}`);
}

/** `fund/taxReport {year, currency, timeZone}`: the year's realised P&L first in, first out. */
export function useTaxReport(request: TaxReportRequest) {
  return useQuery({
    queryKey: ["fund", "taxReport", request],
    queryFn: () => apiPost("fund/taxReport", request),
  });
}
