import { FileImageOutlined } from "@ant-design/icons";
import { Image, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { overlayContainer } from "../layout/overlay";
import { errorText } from "../lib/i18n";
import { useKycPhoto } from "./api";

/** One side of a KYC submission, fetched with the staff session (POST kyc/photo) and shown in place. */
export function KycPhoto({
  submissionId,
  side,
  available,
}: {
  submissionId: string | null;
  side: "front" | "back";
  available: boolean;
}) {
  const { t } = useTranslation();
  const photo = useKycPhoto(submissionId, side, available);
  const label = t(`kyc.${side}`);
  let body;
  if (!available)
    body = (
      <div className="admin-photo__empty">
        <FileImageOutlined aria-hidden />
        <span>{t("kyc.photoMissing")}</span>
      </div>
    );
  else if (photo.isPending) body = <Skeleton.Image active className="admin-photo__skeleton" />;
  else if (photo.isError)
    body = (
      <div className="admin-photo__empty" role="alert">
        <FileImageOutlined aria-hidden />
        <span>{errorText(photo.error)}</span>
      </div>
    );
  else
    body = (
      <Image
        src={photo.data}
        alt={t("kyc.photoAlt", { side: label })}
        className="admin-photo__img"
        preview={{ getContainer: overlayContainer }}
      />
    );
  return (
    <figure className="admin-photo">
      {body}
      <figcaption>
        <Typography.Text type="secondary">{label}</Typography.Text>
      </figcaption>
    </figure>
  );
}
