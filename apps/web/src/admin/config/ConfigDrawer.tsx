import type { ConfigItem, SettingProblem } from "@brokerage/api";
import { Alert, App, Button, Descriptions, Form, Popconfirm, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminDrawer, useFormOnOpen } from "../layout/FormDrawer";
import { ReasonField } from "../layout/ReasonModal";
import { AdminApiError } from "../lib/client";
import { errorText } from "../lib/i18n";
import { useConfigReset, useConfigSet } from "./api";
import { SettingFields } from "./fields";
import { ControlNote, ControlTag, PendingChange, useMayChange } from "./PendingChange";
import { fieldOf, fromForm, kindOf, problemsOf, problemText, toForm, type FormValues } from "./kinds";
import { ValueView } from "./ValueView";

/**
 * One key's editor: its meaning, value in use and default, a structured form (JSON only for a key added
 * later without one),
 * the reason (audited), and a way back to the default. The value is checked with the same rules as the
 * server (packages/api settingProblems, and the core's check of trading rules) before it is sent.
 */
export function ConfigDrawer({ item, onClose }: { item: ConfigItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [problems, setProblems] = useState<string[]>([]);
  const save = useConfigSet();
  const reset = useConfigReset();
  const kind = item ? kindOf(item.key) : "json";
  const label = item ? t(`config.keys.${item.key}.label`, { defaultValue: item.key }) : "";
  const mayChange = useMayChange(item);
  /** A control setting's change is only asked for: the answer carries it, pending. */
  const done = (answer: ConfigItem, doneKey: string) => {
    if (answer.pendingChange) void message.info(t("config.requested", { label }));
    else void message.success(t(doneKey, { label }));
    onClose();
  };

  useFormOnOpen(
    // The same key read again with the same stored value and pending change keeps what is being typed.
    item && `${item.key}|${item.updatedAt ?? ""}|${item.pendingChange?.id ?? ""}`,
    form,
    () => (item ? { ...toForm(kindOf(item.key), item.value), reason: "" } : {}),
    save,
    reset,
    { reset: () => setProblems([]) },
  );

  /** Puts each problem under its field; those without one are listed above the buttons. */
  const show = (values: FormValues, found: SettingProblem[]) => {
    const loose: string[] = [];
    const fields = found.flatMap((problem) => {
      const name = fieldOf(kind, values, problem.path);
      if (!name) loose.push(problemText(t, problem));
      return name ? [{ name, errors: [problemText(t, problem)] }] : [];
    });
    // The paths are built from the form's own shape (kinds.ts fieldOf); antd types them per literal path.
    form.setFields(fields as Parameters<typeof form.setFields>[0]);
    setProblems(loose);
  };

  const submit = async () => {
    if (!item) return;
    setProblems([]);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    let value: unknown;
    try {
      value = fromForm(kind, values);
    } catch {
      form.setFields([{ name: ["json"], errors: [t("config.problems.json")] }]);
      return;
    }
    const found = problemsOf(item.key, value);
    if (found.length > 0) return show(values, found);
    save.mutate(
      { key: item.key, value, reason: (values.reason ?? "").trim() },
      {
        onSuccess: (answer) => done(answer, "config.saved"),
        onError: (error) => {
          const field = error instanceof AdminApiError ? error.params.field : undefined;
          if (field?.startsWith("value"))
            show(values, [{ path: field.split(".").slice(1), message: "format" }]);
        },
      },
    );
  };

  const backToDefault = async () => {
    if (!item) return;
    const values = await form.validateFields(["reason"]).catch(() => null);
    if (!values) return;
    reset.mutate(
      { key: item.key, reason: (values.reason ?? "").trim() },
      {
        onSuccess: (answer) => done(answer, "config.resetDone"),
      },
    );
  };

  const error = save.error ?? reset.error;
  return (
    <AdminDrawer
      open={item !== null}
      onClose={onClose}
      size={640}
      title={t("config.editTitle", { label })}
      footer={
        item ? (
          <div className="admin-drawer__footer">
            <Popconfirm
              title={t("config.resetConfirm")}
              okText={t("config.reset")}
              cancelText={t("common.cancel")}
              onConfirm={() => void backToDefault()}
              disabled={!item.overridden || !mayChange}
            >
              <Button disabled={!item.overridden || !mayChange} loading={reset.isPending}>
                {t("config.reset")}
              </Button>
            </Popconfirm>
            <Button
              type="primary"
              disabled={!mayChange}
              loading={save.isPending}
              onClick={() => void submit()}
            >
              {t("common.save")}
            </Button>
          </div>
        ) : null
      }
    >
      {item ? (
        <>
          <Typography.Paragraph type="secondary">
            {t(`config.keys.${item.key}.hint`, { defaultValue: "" })} <ControlTag item={item} />
          </Typography.Paragraph>
          <ControlNote item={item} />
          <Descriptions column={1} size="small" bordered className="admin-descriptions admin-config__now">
            <Descriptions.Item label={t("config.key")}>
              <span className="admin-mono">{item.key}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t("config.current")}>
              <ValueView settingKey={item.key} value={item.value} />
            </Descriptions.Item>
            <Descriptions.Item label={t("config.default")}>
              <ValueView settingKey={item.key} value={item.default} />
            </Descriptions.Item>
          </Descriptions>
          <PendingChange item={item} />
          <Form form={form} layout="vertical" requiredMark={false}>
            <SettingFields kind={kind} label={label} settingKey={item.key} />
            <ReasonField label={t("config.reason")} hint={t("config.reasonHint")} rows={2} />
          </Form>
          {problems.length > 0 ? (
            <Alert type="error" showIcon role="alert" title={problems.join(" · ")} />
          ) : error ? (
            <Alert type="error" showIcon role="alert" title={errorText(error)} />
          ) : null}
        </>
      ) : null}
    </AdminDrawer>
  );
}
