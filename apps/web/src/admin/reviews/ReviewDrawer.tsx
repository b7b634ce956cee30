import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import type { ReviewItem } from "@brokerage/api";
import { Alert, Button, Descriptions, Divider, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStaff } from "../auth/staff";
import { RevealValue } from "../users/RevealValue";
import { AdminDrawer } from "../layout/FormDrawer";
import { formatDateTime } from "../lib/format";
import { DecideModal, type Decision } from "./DecideModal";
import { DepositVoucher } from "./DepositVoucher";
import { KycPhoto } from "./KycPhoto";
import { FourEyes, requestOf, ReviewStateTag, STAFF_REQUESTS } from "./parts";
import { subjectValue } from "./subjectValue";

/** Subject fields shown by their own component (the KYC photos) or already in the header rows. */
const SHOWN_APART = new Set([
  "frontPhoto",
  "backPhoto",
  "state",
  "submissionId",
  "requestedById",
  "voucher",
  "cardId",
]);

/** One request in full: who, what, the KYC photos, the four-eyes progress, and the decision buttons. */
export function ReviewDrawer({ item, onClose }: { item: ReviewItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { me, can } = useStaff();
  const [decision, setDecision] = useState<Decision | null>(null);
  const pending = item?.state === "pending";
  // Adjustments and setting changes are decided by administrators only, not by every reviewer.
  const extra = item ? STAFF_REQUESTS[item.kind] : undefined;
  const decidable = pending && can("reviews.decide") && (extra === undefined || can(extra));
  // A staff request's requester counts as its first pair of eyes: another administrator approves it.
  const requestedByMe = extra !== undefined && item?.subject.requestedById === me.id;
  const approvedByMe = (item?.approvals.some((a) => a.adminUserId === me.id) ?? false) || requestedByMe;
  const byYou =
    item?.kind === "settingChange"
      ? "reviews.requestedSettingByYou"
      : requestedByMe
        ? "reviews.requestedByYou"
        : "reviews.approvedByYou";

  return (
    <AdminDrawer
      open={item !== null}
      onClose={onClose}
      size={680}
      title={
        item ? t("reviews.drawerTitle", { kind: t(`kinds.${item.kind}`), account: requestOf(item, t) }) : ""
      }
      extra={item ? <ReviewStateTag state={item.state} /> : null}
      footer={
        decidable && item ? (
          <div className="admin-drawer__footer">
            <Button danger icon={<CloseOutlined aria-hidden />} onClick={() => setDecision("reject")}>
              {t("reviews.reject")}
            </Button>
            <Tooltip title={approvedByMe ? t(byYou) : undefined}>
              <Button
                type="primary"
                icon={<CheckOutlined aria-hidden />}
                disabled={approvedByMe}
                onClick={() => setDecision("approve")}
              >
                {t("reviews.approve")}
              </Button>
            </Tooltip>
          </div>
        ) : null
      }
    >
      {item ? (
        <>
          {pending && !decidable ? (
            <Alert type="info" showIcon title={t("reviews.readOnly")} className="admin-drawer__alert" />
          ) : null}
          <Descriptions column={2} size="small" bordered className="admin-descriptions">
            <Descriptions.Item label={t("reviews.account")}>
              {can("users.read") && item.userId !== null ? (
                <Link to={`/users/${item.userId}`}>{item.account}</Link>
              ) : (
                requestOf(item, t)
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t("reviews.kind")}>{t(`kinds.${item.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t("reviews.submitted")}>
              {formatDateTime(item.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t("reviews.decidedAt")}>
              {formatDateTime(item.decidedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t("reviews.fourEyes")} span={2}>
              <FourEyes item={item} />
            </Descriptions.Item>
            {item.reason ? (
              <Descriptions.Item label={t("reviews.reason")} span={2}>
                {item.reason}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t("reviews.reference")} span={2}>
              <Typography.Text copyable className="admin-mono">
                {item.id}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Divider titlePlacement="start" plain>
            {t("reviews.request")}
          </Divider>
          <Descriptions column={1} size="small" bordered className="admin-descriptions">
            {Object.entries(item.subject)
              .filter(([key]) => !SHOWN_APART.has(key))
              .map(([key, value]) => (
                <Descriptions.Item key={key} label={t(`subject.${key}`, { defaultValue: key })}>
                  <SubjectField item={item} field={key} value={value} />
                </Descriptions.Item>
              ))}
          </Descriptions>
          {item.kind === "kyc" ? (
            <>
              <Divider titlePlacement="start" plain>
                {t("kyc.photos")}
              </Divider>
              {can("kyc.photos") ? (
                <div className="admin-photos">
                  {(["front", "back"] as const).map((side) => (
                    <KycPhoto
                      key={side}
                      submissionId={item.subject.submissionId ?? null}
                      side={side}
                      available={item.subject[`${side}Photo`] === "available"}
                    />
                  ))}
                </div>
              ) : (
                <Typography.Text type="secondary">{t("kyc.noPhotoPermission")}</Typography.Text>
              )}
            </>
          ) : null}
          {item.kind === "deposit" ? (
            <>
              <Divider titlePlacement="start" plain>
                {t("deposits.voucher")}
              </Divider>
              <div className="admin-photos">
                <DepositVoucher
                  depositId={item.subject.depositId ?? null}
                  available={item.subject.voucher === "available"}
                />
              </div>
            </>
          ) : null}
          {item.approvals.length > 0 ? (
            <>
              <Divider titlePlacement="start" plain>
                {t("reviews.approvals")}
              </Divider>
              <ul className="admin-approvals">
                {item.approvals.map((a) => (
                  <li key={a.adminUserId + a.at}>
                    <CheckOutlined aria-hidden className="admin-approvals__icon" />
                    {a.adminUserId === me.id ? t("reviews.you") : t("reviews.anotherReviewer")}
                    <Typography.Text type="secondary"> · {formatDateTime(a.at)}</Typography.Text>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <DecideModal item={item} decision={decision} onClose={() => setDecision(null)} />
        </>
      ) : null}
    </AdminDrawer>
  );
}

/** One subject field; a masked ID or card number with its Reveal button when the request names its record. */
function SubjectField({ item, field, value }: { item: ReviewItem; field: string; value: string | null }) {
  const { t } = useTranslation();
  const { userId, subject } = item;
  if (value !== null && userId !== null) {
    if (item.kind === "kyc" && field === "idNumber" && subject.submissionId)
      return (
        <RevealValue
          masked={value}
          target={{ userId, field: "idNumber", submissionId: subject.submissionId }}
          title={t("reveal.idNumberTitle")}
        />
      );
    if (field === "cardNumber" && subject.cardId)
      return (
        <RevealValue
          masked={value}
          target={{ userId, field: "cardNumber", cardId: subject.cardId }}
          title={t("reveal.cardNumberTitle", { masked: value })}
        />
      );
  }
  if ((field === "settingBefore" || field === "settingAfter") && value !== null)
    return <pre className="admin-json">{JSON.stringify(JSON.parse(value), null, 2)}</pre>;
  return (
    <>{field.endsWith("At") ? formatDateTime(value) : subjectValue(t, field, value, subject.currency)}</>
  );
}
