import { useState, type FormEvent } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { fitsScale, scaleOf } from "@brokerage/core";
import { errorText } from "./api";
import { ApiError, loadMoneyFormat } from "./apiError";
import { loadContract, type Contract } from "./contract";
import { newIdempotencyKey } from "./idempotency";

/** An amount schema of the contract, loaded with it (contract.ts). */
export interface AmountSchema {
  safeParse: (value: unknown) => { success: boolean };
}

/**
 * What is wrong with the form of an amount, before the rules of what it is for: typed at all, a positive decimal
 * (the contract's own field), at most the currency's decimals.
 */
export function amountFormError(
  t: TFunction,
  schema: AmountSchema,
  amount: string,
  currency: string,
): string | undefined {
  if (amount === "") return t("form.required");
  if (!schema.safeParse(amount).success) return t("exchange.amountInvalid");
  if (fitsScale(amount, currency)) return undefined;
  const decimals = scaleOf(currency);
  return decimals === 0
    ? t("exchange.amountWhole", { currency })
    : t("exchange.amountDecimals", { currency, decimals });
}

/**
 * The life of a money form's amount: typed, checked here in the server's order (`check`, with the
 * contract loaded), confirmed on a sheet (the request, under one idempotency key, is what the sheet
 * shows), then sent once. A refusal whose code is one of `amountCodes` goes beside the amount, any other
 * above the button; a lost connection stays on the sheet, where confirming again sends the same key.
 */
export function useAmountForm<Request extends { amount: string; idempotencyKey: string }, Result>({
  check,
  toRequest,
  mutation,
  amountCodes,
  onDone,
}: {
  check: (contract: Contract, amount: string) => string | undefined;
  toRequest: (amount: string, idempotencyKey: string) => Request;
  mutation: UseMutationResult<Result, Error, Request>;
  amountCodes: ReadonlySet<string>;
  /** A screen that shows the outcome from the mutation's own state needs nothing here. */
  onDone?: (result: Result, request: Request) => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [request, setRequest] = useState<Request | null>(null);
  const [sheetError, setSheetError] = useState<string>();

  /** Anything the amount depends on changed: what was said of it no longer holds. */
  const clearErrors = () => {
    setAmountError(undefined);
    setFormError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const [contract] = await Promise.all([loadContract(), loadMoneyFormat()]);
    const problem = check(contract, amount);
    setAmountError(problem);
    if (problem) return;
    setSheetError(undefined);
    setRequest(toRequest(amount, newIdempotencyKey()));
  };

  const confirm = () => {
    if (!request) return;
    mutation.mutate(request, {
      onSuccess: (result) => {
        setRequest(null);
        setAmount("");
        onDone?.(result, request);
      },
      onError: (cause) => {
        // No answer: the sheet stays, and confirming again sends the same key.
        if (!(cause instanceof ApiError)) return setSheetError(t("common.networkError"));
        setRequest(null);
        const text = errorText(cause.code, cause.params, cause.serverMsg);
        if (amountCodes.has(cause.code)) setAmountError(text);
        else setFormError(text);
      },
    });
  };

  return {
    amount,
    change: (value: string) => {
      setAmount(value);
      clearErrors();
    },
    clearErrors,
    amountError,
    formError,
    submit: (event: FormEvent) => void submit(event),
    /** What the confirmation sheet needs: the request it shows, and the ways out. */
    sheet: {
      request,
      busy: mutation.isPending,
      error: sheetError,
      onConfirm: confirm,
      onClose: () => setRequest(null),
    },
  };
}
