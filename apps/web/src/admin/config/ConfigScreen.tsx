import { Button, Card, Empty } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBlock } from "../layout/ErrorBlock";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { useConfigList } from "./api";
import { ConfigDrawer } from "./ConfigDrawer";
import { ConfigRow } from "./ConfigRow";
import { grouped, type ConfigGroup } from "./groups";
import "./config.css";

const sectionId = (group: ConfigGroup) => `config-${group}`;

/**
 * Configuration (DESIGN §4.1): the typed keys in sections (the app, deposits and withdrawals, trading by
 * market, …), each with what it means, its value in words and whether it is overridden; each edited in a
 * drawer with a reason. Only roles with `config.manage` reach this page. A control setting's change waits
 * for a second administrator: its row shows it, the drawer decides it.
 */
export function ConfigScreen() {
  const { t } = useTranslation();
  const list = useConfigList();
  const [openKey, setOpenKey] = useState<string | null>(null);
  // Read from the list, so a decision taken in the drawer shows there once the list is read again.
  const open = list.data?.items.find((item) => item.key === openKey) ?? null;
  const groups = grouped(list.data?.items ?? []);

  return (
    <div className="admin-page">
      <PageHead
        title={t("config.title")}
        lead={t("config.lead")}
        actions={<RefreshButton onRefresh={() => void list.refetch()} loading={list.isFetching} />}
      />
      {list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Card loading />
      ) : groups.length === 0 ? (
        <Empty description={t("config.none")} />
      ) : (
        <>
          <nav aria-label={t("config.sections")} className="admin-config__nav">
            {groups.map(([group]) => (
              <Button
                key={group}
                type="link"
                onClick={() => document.getElementById(sectionId(group))?.scrollIntoView({ block: "start" })}
              >
                {t(`config.groups.${group}.title`)}
              </Button>
            ))}
          </nav>
          {groups.map(([group, items]) => (
            <section key={group} id={sectionId(group)} aria-labelledby={`${sectionId(group)}-title`}>
              <Card
                size="small"
                title={<h2 id={`${sectionId(group)}-title`}>{t(`config.groups.${group}.title`)}</h2>}
                className="admin-config__group"
              >
                <p className="admin-config__lead">{t(`config.groups.${group}.lead`)}</p>
                {items.map((item) => (
                  <ConfigRow key={item.key} item={item} onEdit={() => setOpenKey(item.key)} />
                ))}
              </Card>
            </section>
          ))}
        </>
      )}
      <ConfigDrawer item={open} onClose={() => setOpenKey(null)} />
    </div>
  );
}
