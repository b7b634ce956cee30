import type { AdminIpoOffering, AdminIpoSubscriptionPage } from "@brokerage/api";
import { Descriptions, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStaff } from "../auth/staff";
import { ErrorBlock } from "../layout/ErrorBlock";
import { AdminDrawer } from "../layout/FormDrawer";
import { LoadMore } from "../layout/LoadMore";
import { formatDateTime } from "../lib/format";
import { priceText } from "../lib/money";
import { useIpoSubscriptions } from "./api";
import { IpoStatusTag, shares, SubscriptionCounts, SubscriptionStateTag } from "./parts";
import { drawKeyMatches, drawRankMatches, seedMatchesHash } from "./seedCheck";

type Subscription = AdminIpoSubscriptionPage["items"][number];

/**
 * One offering's subscriptions, newest first, with the account, number, quantity, allotment, amount, state
 * and draw key of each; above them the draw's published inputs: for a beacon draw the rule, the round, the
 * applications' root and the round's randomness (each key the subscription's rank, checked here); for an
 * offering drawn before beacons the seed's published hash and, once drawn, the seed itself.
 */
export function SubscriptionsDrawer({
  offering,
  onClose,
}: {
  offering: AdminIpoOffering | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { can } = useStaff();
  const list = useIpoSubscriptions(offering?.id);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const seed = offering?.seed ?? null;
  // Staff can show a user that the draw is what was published: the rank from the beacon's randomness, or
  // for an offering drawn before beacons the key from its seed.
  const keyCheck = useMemo(
    () =>
      offering?.randomness == null ? drawKeyMatches(seed, rows) : drawRankMatches(offering ?? null, rows),
    [offering, seed, rows],
  );
  const beaconDraw = offering?.beacon != null;
  const seedMatches = useMemo(
    () => seedMatchesHash(seed, offering?.seedHash ?? ""),
    [seed, offering?.seedHash],
  );

  const columns: ColumnsType<Subscription> = [
    {
      title: t("ipos.subscriptions.account"),
      key: "account",
      render: (_, row) =>
        can("users.read") ? <Link to={`/users/${row.userId}`}>{row.account}</Link> : row.account,
    },
    {
      title: t("ipos.subscriptions.number"),
      dataIndex: "subscriptionNo",
      render: (no: string) => <span className="admin-mono">{no}</span>,
    },
    {
      title: t("ipos.subscriptions.quantity"),
      dataIndex: "quantity",
      align: "end",
      render: (n: number) => <span className="admin-mono">{shares(n)}</span>,
    },
    {
      title: t("ipos.subscriptions.allotted"),
      dataIndex: "allotted",
      align: "end",
      render: (n: number) => <span className="admin-mono">{shares(n)}</span>,
    },
    {
      title: t("ipos.subscriptions.amount"),
      key: "amount",
      align: "end",
      render: (_, row) => <span className="admin-mono">{priceText(row.amount, row.currency)}</span>,
    },
    {
      title: t("ipos.subscriptions.state"),
      dataIndex: "state",
      render: (state: Subscription["state"]) => <SubscriptionStateTag state={state} />,
    },
    {
      title: t("ipos.subscriptions.drawKey"),
      key: "drawKey",
      width: 260,
      render: (_, row) => {
        if (row.drawKey === null) return "—";
        const matches = keyCheck.get(row.id);
        return (
          <div>
            <Typography.Text className="admin-mono admin-ipo__key" copyable={{ text: row.drawKey }}>
              {row.drawKey}
            </Typography.Text>
            {matches === undefined ? null : (
              <Tag color={matches ? "green" : "red"}>
                {beaconDraw
                  ? t(matches ? "ipos.beaconDraw.rankMatches" : "ipos.beaconDraw.rankDiffers")
                  : t(matches ? "ipos.seed.keyMatches" : "ipos.seed.keyDiffers")}
              </Tag>
            )}
          </div>
        );
      },
    },
    {
      title: t("ipos.subscriptions.createdAt"),
      dataIndex: "createdAt",
      render: (at: string) => <span className="admin-mono">{formatDateTime(at)}</span>,
    },
  ];

  return (
    <AdminDrawer
      open={offering !== null}
      onClose={onClose}
      size={1040}
      title={offering ? t("ipos.subscriptions.title", { symbol: offering.symbol }) : ""}
      extra={offering ? <IpoStatusTag status={offering.status} /> : null}
    >
      {offering ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            className="admin-descriptions admin-ipo__seed"
            items={[
              {
                key: "subscriptions",
                label: t("ipos.columns.subscriptions"),
                children: <SubscriptionCounts offering={offering} />,
              },
              ...(offering.beacon
                ? beaconItems(t, offering, offering.beacon)
                : seedItems(t, offering, seedMatches)),
              {
                key: "drawnAt",
                label: t("ipos.seed.drawnAt"),
                children: formatDateTime(offering.drawnAt),
              },
              {
                key: "winRate",
                label: t("ipos.columns.winRate"),
                children: offering.winRate === null ? "—" : `${offering.winRate}%`,
              },
            ]}
          />
          <Typography.Paragraph type="secondary" className="admin-ipo__explain">
            {t(beaconDraw ? "ipos.beaconDraw.explain" : "ipos.seed.explain")}
          </Typography.Paragraph>
          {list.isError && rows.length === 0 ? (
            <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <>
              <Table<Subscription>
                rowKey="id"
                size="small"
                columns={columns}
                dataSource={rows}
                loading={list.isPending}
                pagination={false}
                scroll={{ x: 1100 }}
                locale={{ emptyText: t("ipos.subscriptions.none") }}
              />
              <LoadMore query={list} />
            </>
          )}
        </>
      ) : null}
    </AdminDrawer>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/** A beacon draw's published inputs, as rows of the drawer's description list. */
function beaconItems(t: T, offering: AdminIpoOffering, beacon: NonNullable<AdminIpoOffering["beacon"]>) {
  const hex = (value: string) => (
    <Typography.Text className="admin-mono admin-ipo__key" copyable>
      {value}
    </Typography.Text>
  );
  const pending = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  return [
    { key: "rule", label: t("ipos.verify.rule"), children: t(`ipos.rules.${offering.allocationRule}`) },
    {
      key: "round",
      label: t("ipos.verify.round"),
      children: t(beacon.independent ? "ipos.beacon.drand" : "ipos.beacon.local", { round: beacon.round }),
    },
    {
      key: "root",
      label: t("ipos.verify.publishedRoot"),
      children:
        offering.applicationsRoot === null
          ? pending(t("ipos.beaconDraw.rootPending"))
          : hex(offering.applicationsRoot),
    },
    {
      key: "randomness",
      label: t("ipos.verify.randomness"),
      children: offering.randomness === null ? pending(t("ipos.seed.notYet")) : hex(offering.randomness),
    },
  ];
}

/** An offering drawn before beacons: the seed's published hash and, once drawn, the seed. */
function seedItems(t: T, offering: AdminIpoOffering, seedMatches: boolean | null) {
  return [
    {
      key: "seedHash",
      label: t("ipos.seed.hash"),
      children: (
        <Typography.Text className="admin-mono admin-ipo__key" copyable>
          {offering.seedHash}
        </Typography.Text>
      ),
    },
    {
      key: "seed",
      label: t("ipos.seed.seed"),
      children:
        offering.seed === null ? (
          <Typography.Text type="secondary">{t("ipos.seed.notYet")}</Typography.Text>
        ) : (
          <>
            <Typography.Text className="admin-mono admin-ipo__key" copyable>
              {offering.seed}
            </Typography.Text>
            {seedMatches !== null && (
              <Tag color={seedMatches ? "green" : "red"}>
                {t(seedMatches ? "ipos.seed.seedMatches" : "ipos.seed.seedDiffers")}
              </Tag>
            )}
          </>
        ),
    },
  ];
}
