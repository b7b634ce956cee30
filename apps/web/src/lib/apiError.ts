import { MONEY_PARAMS, TIME_PARAMS, ZONE_PARAMS } from "@brokerage/api/constants";
import type { ErrorParams } from "@brokerage/api";
import type { TFunction } from "i18next";
import { formatTimeText, formatZoneOffset } from "./format";

/** A business error: the envelope said status 0 (or the session was refused). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly params: ErrorParams,
    readonly serverMsg: string,
  ) {
    super(serverMsg || code);
    this.name = "ApiError";
  }
}

/** A transport failure: a non-2xx answer other than 401, or a timeout (status 0). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly requestId?: string,
  ) {
    super(status === 0 ? "Request timed out" : `HTTP ${status}`);
    this.name = "HttpError";
  }
}

let formatMoneyParam: ((value: string) => string) | undefined;

/**
 * Money params are formatted with the exact decimal type (decimal.js, through @brokerage/core), which the
 * first screen does not need: it is loaded with the first error or form check that may show one. Until
 * then a money param shows as sent.
 */
export async function loadMoneyFormat(): Promise<void> {
  formatMoneyParam ??= (await import("./money")).formatMoneySafe;
}

const moneyParams = new Set<string>(MONEY_PARAMS);
const timeParams = new Set<string>(TIME_PARAMS);
const zoneParams = new Set<string>(ZONE_PARAMS);

export function formatErrorParams(code: string, params: ErrorParams): ErrorParams {
  const out: ErrorParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (moneyParams.has(key)) out[key] = formatMoneyParam ? formatMoneyParam(value) : value;
    else if (timeParams.has(key)) out[key] = formatTimeText(value);
    else if (zoneParams.has(key)) out[key] = formatZoneOffset(value);
    else out[key] = value;
  }
  return out;
}

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
export const hasChinese = (text: string) => HAN.test(text);

export interface ErrorTranslator {
  t: TFunction;
  exists: (key: string) => boolean;
  /** The UI language's locale tag, e.g. "en", "zh-TW", "hi". */
  language: string;
}

/**
 * Spec §8: a text still holding Chinese characters is shown as "Error" unless the UI is Chinese.
 * The fallback word comes from the locale ("Error" in English, "त्रुटि" in Hindi …), which covers the
 * spec's English/Hindi pair and gives Korean users a Korean word rather than a Hindi one.
 */
export function guardChinese(text: string, tr: ErrorTranslator): string {
  if (tr.language.startsWith("zh") || !hasChinese(text)) return text;
  return tr.t("common.errorWord");
}

/** The user-facing text of an error code: the translated code, else the server's msg, else a generic text. */
export function translateError(
  tr: ErrorTranslator,
  code: string | undefined,
  params: ErrorParams,
  msg: string,
) {
  const key = `errors.${code}`;
  const text =
    code && tr.exists(key) ? tr.t(key, formatErrorParams(code, params)) : msg || tr.t("errors.generic");
  return guardChinese(text, tr);
}
