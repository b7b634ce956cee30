import { FileImageOutlined } from "@ant-design/icons";
import { skipToken, useQuery } from "@tanstack/react-query";
import { Image, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { overlayContainer } from "../layout/overlay";
import { adminImage } from "../lib/client";
import { errorText } from "../lib/i18n";

/** A deposit's voucher as a data: URL (POST deposits/voucher); never cached beyond the drawer. */
function useDepositVoucher(depositId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "depositVoucher", depositId],
    queryFn: depositId === null ? skipToken : () => adminImage("deposits/voucher", { depositId }),
    enabled,
    staleTime: 60_000,
    gcTime: 60_000,
  });
}

/**
 * The transfer voucher of a deposit under review (subject `voucher`: "available", or null when none was
 * uploaded or its file is gone), fetched with the staff session and shown in place, zoomable.
 */
export function DepositVoucher({ depositId, available }: { depositId: string | null; available: boolean }) {
  const { t } = useTranslation();
  const voucher = useDepositVoucher(depositId, available);
  let body;
  if (!available)
    body = (
      <div className="admin-photo__empty">
        <FileImageOutlined aria-hidden />
        <span>{t("deposits.noVoucher")}</span>
      </div>
    );
  else if (voucher.isPending) body = <Skeleton.Image active className="admin-photo__skeleton" />;
  else if (voucher.isError)
    body = (
      <div className="admin-photo__empty" role="alert">
        <FileImageOutlined aria-hidden />
        <span>{errorText(voucher.error)}</span>
      </div>
    );
  else
    body = (
      <Image
        src={voucher.data}
        alt={t("deposits.voucherAlt")}
        className="admin-photo__img"
        preview={{ getContainer: overlayContainer }}
      />
    );
  return (
    <figure className="admin-photo">
      {body}
      <figcaption>
        <Typography.Text type="secondary">{t("deposits.voucher")}</Typography.Text>
      </figcaption>
    </figure>
  );
}
