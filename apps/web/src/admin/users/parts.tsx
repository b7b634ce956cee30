import { USER_FLAGS, type UserFlags, type UserSummary } from "@brokerage/api";
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

const KYC_COLORS: Record<UserSummary["kycStatus"], string> = {
  not_verified: "default",
  under_review: "gold",
  verified: "green",
  failed: "red",
};

export function KycTag({ status }: { status: UserSummary["kycStatus"] }) {
  const { t } = useTranslation();
  return (
    <Tag color={KYC_COLORS[status]} variant="outlined">
      {t(`kycStates.${status}`)}
    </Tag>
  );
}

/** The flags that are on, as red tags; "none" when the account is unrestricted. */
export function FlagTags({ flags }: { flags: UserFlags }) {
  const { t } = useTranslation();
  const on = USER_FLAGS.filter((flag) => flags[flag]);
  if (on.length === 0) return <Typography.Text type="secondary">{t("users.noFlags")}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {on.map((flag) => (
        <Tag key={flag} color="red">
          {t(`flags.${flag}`)}
        </Tag>
      ))}
    </Space>
  );
}
