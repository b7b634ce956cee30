import {
  ArrowLeftOutlined,
  DisconnectOutlined,
  FlagOutlined,
  ReloadOutlined,
  StarOutlined,
} from "@ant-design/icons";
import { USER_FLAGS, type UserDetail } from "@brokerage/api";
import {
  Button,
  Card,
  Col,
  Descriptions,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tabs,
  Tooltip,
  Typography,
} from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useStaff } from "../auth/staff";
import { ErrorBlock } from "../layout/ErrorBlock";
import { AdminApiError } from "../lib/client";
import { formatDateTime } from "../lib/format";
import { KycPhoto } from "../reviews/KycPhoto";
import { CreditScoreModal, EndSessionsModal, FlagsModal } from "./ActionModals";
import { useUserDetail } from "./api";
import { FlagTags, KycTag } from "./parts";
import { RevealValue } from "./RevealValue";
import { AuditTable, CardsTable, MessagesTable, SessionsTable, WalletsTable } from "./tables";

type Action = "flags" | "score" | "sessions" | null;

/** Its own chunk (with the exact decimal maths it formats money with), fetched when a page shows it. */
const LedgerSection = lazy(async () => ({
  default: (await import("../ledger/LedgerSection")).LedgerSection,
}));
const OrdersSection = lazy(async () => ({
  default: (await import("../trading/OrdersSection")).OrdersSection,
}));

/** What a section fetched on its own shows until it arrives. */
const sectionLoading = (
  <Card variant="borderless" className="admin-card">
    <Skeleton active paragraph={{ rows: 4 }} />
  </Card>
);

/** Everything about one user a staff member may need, and the changes their role allows. */
export function UserDetailScreen() {
  const { t } = useTranslation();
  const { userId = "" } = useParams();
  const navigate = useNavigate();
  const detail = useUserDetail(userId);
  const [action, setAction] = useState<Action>(null);
  const { can } = useStaff();
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)} aria-label={t("common.back")} />
  );

  if (detail.isPending)
    return (
      <div className="admin-page">
        <Card variant="borderless" className="admin-card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  if (detail.isError)
    return (
      <div className="admin-page">
        {detail.error instanceof AdminApiError && detail.error.code === "NOT_FOUND" ? (
          <Result status="404" title={t("users.notFound")} extra={back} />
        ) : (
          <ErrorBlock error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </div>
    );
  const user = detail.data;
  const { profile } = user;

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <Space size={12} align="center">
          {back}
          <div>
            <Typography.Title level={4} className="admin-page__title">
              {profile.account}
              {profile.realname ? <span className="admin-page__subtitle"> · {profile.realname}</span> : null}
            </Typography.Title>
            <Space size={8}>
              <KycTag status={profile.kycStatus} />
              {USER_FLAGS.some((flag) => profile.flags[flag]) ? <FlagTags flags={profile.flags} /> : null}
            </Space>
          </div>
        </Space>
        <Space>
          <UserActions user={user} onAction={setAction} />
          <Tooltip title={t("common.refresh")}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t("common.refresh")}
              onClick={() => void detail.refetch()}
              loading={detail.isFetching}
            />
          </Tooltip>
        </Space>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card variant="borderless" className="admin-card" title={t("users.profile")}>
            <Descriptions column={2} size="small" bordered className="admin-descriptions">
              <Descriptions.Item label={t("users.account")}>{profile.account}</Descriptions.Item>
              <Descriptions.Item label={t("users.realName")}>{profile.realname ?? "—"}</Descriptions.Item>
              <Descriptions.Item label={t("users.inviteCode")}>
                <Typography.Text copyable className="admin-mono">
                  {profile.inviteCode}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t("users.inviter")}>
                {profile.inviterAccount ?? "—"}
              </Descriptions.Item>
              <Descriptions.Item label={t("users.institution")}>
                {profile.institutionName ?? "—"}
              </Descriptions.Item>
              <Descriptions.Item label={t("users.fundPassword")}>
                {profile.fundPasswordSet ? t("common.set") : t("common.notSet")}
              </Descriptions.Item>
              <Descriptions.Item label={t("users.twoStep")}>
                {profile.twoStepEnabled ? t("common.on") : t("common.off")}
              </Descriptions.Item>
              <Descriptions.Item label={t("users.createdAt")}>
                {formatDateTime(profile.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t("users.updatedAt")}>
                {formatDateTime(profile.updatedAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t("users.userId")}>
                <Typography.Text copyable className="admin-mono">
                  {profile.id}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card variant="borderless" className="admin-card admin-stats">
            <Row gutter={16}>
              <Col span={12}>
                <Statistic title={t("users.creditScore")} value={profile.creditScore} suffix="/ 100" />
              </Col>
              <Col span={12}>
                <Statistic title={t("users.activeSessions")} value={user.sessions.active} />
              </Col>
            </Row>
            <Descriptions column={1} size="small" className="admin-stats__flags">
              <Descriptions.Item label={t("users.flags")}>
                <FlagTags flags={profile.flags} />
              </Descriptions.Item>
              <Descriptions.Item label={t("users.cardsCount")}>
                {user.cards.filter((c) => !c.removedAt).length}
              </Descriptions.Item>
              <Descriptions.Item label={t("users.walletsCount")}>{user.wallets.length}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <KycCard user={user} />
      {can("ledger.read") ? (
        <Suspense fallback={sectionLoading}>
          <LedgerSection userId={profile.id} account={profile.account} />
        </Suspense>
      ) : null}
      {can("trading.read") ? (
        <Suspense fallback={sectionLoading}>
          <OrdersSection userId={profile.id} />
        </Suspense>
      ) : null}
      <Card variant="borderless" className="admin-card admin-card--tabs">
        <Tabs
          items={[
            {
              key: "cards",
              label: t("users.cards"),
              children: <CardsTable userId={profile.id} cards={user.cards} />,
            },
            { key: "wallets", label: t("users.wallets"), children: <WalletsTable wallets={user.wallets} /> },
            {
              key: "sessions",
              label: t("users.sessions"),
              children: <SessionsTable sessions={user.sessions.items} />,
            },
            { key: "audit", label: t("users.audit"), children: <AuditTable entries={user.audit} /> },
            {
              key: "messages",
              label: t("users.messages"),
              children: <MessagesTable messages={user.messages} />,
            },
          ]}
        />
      </Card>
      <FlagsModal
        userId={profile.id}
        flags={profile.flags}
        open={action === "flags"}
        onClose={() => setAction(null)}
      />
      <CreditScoreModal
        userId={profile.id}
        score={profile.creditScore}
        open={action === "score"}
        onClose={() => setAction(null)}
      />
      <EndSessionsModal
        userId={profile.id}
        active={user.sessions.active}
        open={action === "sessions"}
        onClose={() => setAction(null)}
      />
    </div>
  );
}

/** Only the buttons this role may use (the API refuses the others anyway). */
function UserActions({ user, onAction }: { user: UserDetail; onAction: (a: Action) => void }) {
  const { t } = useTranslation();
  const { can } = useStaff();
  return (
    <>
      {can("users.flags") ? (
        <Button icon={<FlagOutlined aria-hidden />} onClick={() => onAction("flags")}>
          {t("users.setFlags")}
        </Button>
      ) : null}
      {can("users.creditScore") ? (
        <Button icon={<StarOutlined aria-hidden />} onClick={() => onAction("score")}>
          {t("users.setCreditScore")}
        </Button>
      ) : null}
      {can("users.sessions") ? (
        <Button
          danger
          icon={<DisconnectOutlined aria-hidden />}
          onClick={() => onAction("sessions")}
          disabled={user.sessions.active === 0}
        >
          {t("users.endSessions")}
        </Button>
      ) : null}
    </>
  );
}

function KycCard({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { can } = useStaff();
  const latest = user.kyc.latest;
  return (
    <Card
      variant="borderless"
      className="admin-card"
      title={t("users.kycTitle")}
      extra={<KycTag status={user.kyc.status} />}
    >
      {latest ? (
        <Row gutter={[24, 16]}>
          <Col xs={24} xl={12}>
            <Descriptions column={1} size="small" bordered className="admin-descriptions">
              <Descriptions.Item label={t("subject.realName")}>{latest.realName}</Descriptions.Item>
              <Descriptions.Item label={t("subject.idNumber")}>
                <RevealValue
                  masked={latest.idNumberMasked}
                  target={{ userId: user.profile.id, field: "idNumber", submissionId: latest.id }}
                  title={t("reveal.idNumberTitle")}
                />
              </Descriptions.Item>
              <Descriptions.Item label={t("subject.submittedAt")}>
                {formatDateTime(latest.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t("reviews.decidedAt")}>
                {formatDateTime(latest.decidedAt)}
              </Descriptions.Item>
              {latest.reason ? (
                <Descriptions.Item label={t("reviews.reason")}>{latest.reason}</Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t("users.submissions")}>{user.kyc.submissions}</Descriptions.Item>
            </Descriptions>
          </Col>
          <Col xs={24} xl={12}>
            {can("kyc.photos") ? (
              <div className="admin-photos">
                <KycPhoto submissionId={latest.id} side="front" available />
                <KycPhoto submissionId={latest.id} side="back" available />
              </div>
            ) : (
              <Typography.Text type="secondary">{t("kyc.noPhotoPermission")}</Typography.Text>
            )}
          </Col>
        </Row>
      ) : (
        <Typography.Text type="secondary">{t("users.noKyc")}</Typography.Text>
      )}
    </Card>
  );
}
