import type { OfferingCheckRequest, OfferingCheckResponse, OfferingWarning } from "@brokerage/api";
import { App, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { adminPost } from "../lib/client";
import { formatDateTime } from "../lib/format";
import { percentText, priceText } from "../lib/money";

type CheckPath = "ipos/check" | "blockTrades/check";

interface SaveLike<R, S> {
  mutate(request: R, options: { onSuccess: (saved: S) => void; onError: (error: unknown) => void }): void;
}

function warningText(t: TFunction, answer: OfferingCheckResponse, warning: OfferingWarning): string {
  if (warning.kind === "discount")
    return t("offerings.warnings.discount", {
      discount: percentText(warning.discount),
      reference: answer.referencePrice === null ? "—" : priceText(answer.referencePrice, answer.currency),
      limit: percentText(warning.limit),
    });
  return t("offerings.warnings.secondOffering", {
    symbol: answer.symbol,
    count: warning.others.length,
    others: warning.others
      .map((other) =>
        t("offerings.warnings.other", {
          seq: other.seq,
          state: t(`offerings.states.${other.state}`, { defaultValue: other.state }),
          price: priceText(other.price, answer.currency),
          closesAt: formatDateTime(other.closesAt),
        }),
      )
      .join("; "),
  });
}

/** The warnings of a draft, one paragraph each, for the confirmation. */
export function DraftWarnings({ answer }: { answer: OfferingCheckResponse }) {
  const { t } = useTranslation();
  return (
    <div role="list" aria-label={t("offerings.warnings.title")}>
      {answer.warnings.map((warning) => (
        <Typography.Paragraph key={warning.kind} role="listitem">
          {warningText(t, answer, warning)}
        </Typography.Paragraph>
      ))}
    </div>
  );
}

/**
 * A save that first asks the server for the draft's warnings (`ipos/check`, `blockTrades/check`): none,
 * it saves; some, the staff member reads them and saves anyway or goes back to the form. They are
 * warnings, not refusals: a check that fails (an unknown symbol) leaves the save to answer for itself.
 */
export function useCheckedSave<R extends { symbol: string; price: string; id?: string }, S>(
  path: CheckPath,
  save: SaveLike<R, S>,
): SaveLike<R, S> {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return {
    mutate(request, options) {
      const draft: OfferingCheckRequest = {
        symbol: request.symbol,
        price: request.price,
        ...(request.id === undefined ? {} : { id: request.id }),
      };
      adminPost(path, draft).then(
        (answer) => {
          if (answer.warnings.length === 0) return save.mutate(request, options);
          void modal.confirm({
            title: t("offerings.warnings.title"),
            content: <DraftWarnings answer={answer} />,
            okText: t("offerings.warnings.saveAnyway"),
            cancelText: t("offerings.warnings.back"),
            onOk: () => save.mutate(request, options),
          });
        },
        () => save.mutate(request, options),
      );
    },
  };
}
