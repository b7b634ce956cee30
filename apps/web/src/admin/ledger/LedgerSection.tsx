import { ReloadOutlined, SlidersOutlined } from "@ant-design/icons";
import { CURRENCIES, type Currency } from "@brokerage/api";
import { Button, Card, Select, Skeleton, Space, Tabs, Tooltip, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStaff } from "../auth/staff";
import { ErrorBlock } from "../layout/ErrorBlock";
import { LoadMore } from "../layout/LoadMore";
import { AdjustModal } from "./AdjustModal";
import { useUserLedger } from "./api";
import { AdjustmentsTable, PostingsTable, WalletBalances } from "./tables";
import "./ledger.css";

/**
 * The user's ledger in their detail page (DESIGN §5 Back office): balances per currency, every posting
 * with its running balance, reason and cause, the latest adjustments, and the adjustment action for a
 * role with `ledger.adjust`.
 */
export function LedgerSection({ userId, account }: { userId: string; account: string }) {
  const { t } = useTranslation();
  const { can } = useStaff();
  const [currency, setCurrency] = useState<Currency | undefined>();
  const [adjusting, setAdjusting] = useState(false);
  const ledger = useUserLedger(userId, currency);
  const first = ledger.data?.pages[0];
  const postings = useMemo(() => ledger.data?.pages.flatMap((page) => page.items) ?? [], [ledger.data]);

  const actions = (
    <Space>
      <Select<Currency | "all">
        value={currency ?? "all"}
        onChange={(value) => setCurrency(value === "all" ? undefined : value)}
        aria-label={t("ledger.currencyFilter")}
        className="admin-ledger__filter"
        options={[
          { value: "all", label: t("ledger.allCurrencies") },
          ...CURRENCIES.map((c) => ({ value: c, label: c })),
        ]}
      />
      {can("ledger.adjust") ? (
        <Button icon={<SlidersOutlined aria-hidden />} onClick={() => setAdjusting(true)} disabled={!first}>
          {t("adjust.open")}
        </Button>
      ) : null}
      <Tooltip title={t("common.refresh")}>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t("ledger.refresh")}
          onClick={() => void ledger.refetch()}
          loading={ledger.isFetching && !ledger.isFetchingNextPage}
        />
      </Tooltip>
    </Space>
  );

  return (
    <Card variant="borderless" className="admin-card" title={t("ledger.title")} extra={actions}>
      {ledger.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : ledger.isError && !first ? (
        <ErrorBlock error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : first ? (
        <>
          <Typography.Title level={5} className="admin-ledger__heading">
            {t("ledger.balances")}
          </Typography.Title>
          <WalletBalances wallets={first.wallets} />
          <Tabs
            className="admin-ledger__tabs"
            items={[
              {
                key: "postings",
                label: t("ledger.postings"),
                children: (
                  <>
                    <PostingsTable
                      items={postings}
                      loading={ledger.isFetching && !ledger.isFetchingNextPage}
                    />
                    <LoadMore query={ledger} />
                  </>
                ),
              },
              {
                key: "adjustments",
                label: t("ledger.adjustments", { count: first.adjustments.length }),
                children: <AdjustmentsTable items={first.adjustments} />,
              },
            ]}
          />
          <AdjustModal
            open={adjusting}
            onClose={() => setAdjusting(false)}
            userId={userId}
            account={account}
            ledger={first}
            defaultCurrency={
              currency ??
              (first.wallets.some((w) => w.currency === "USD") ? "USD" : first.wallets[0]?.currency)
            }
          />
        </>
      ) : null}
    </Card>
  );
}
