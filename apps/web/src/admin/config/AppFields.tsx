import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { HTTPS_LINK, LANGUAGES, LANGUAGE_CODES, logoProblem } from "@brokerage/api";
import { Button, Checkbox, Form, Input, Space, Typography } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { encodeLogo } from "./logo";

/** The app group's editors: its title, logo, languages and customer-service link. */
export function TitleField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="value"
      label={label}
      rules={[
        {
          validator: async (_, value: string | undefined) => {
            const v = value ?? "";
            if (v.trim() === "" || v.length > 40) throw new Error(t("errors.SETTING_TITLE_INVALID"));
          },
        },
      ]}
    >
      <Input maxLength={40} showCount />
    </Form.Item>
  );
}

export function LinkField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="value"
      label={label}
      extra={t("config.app.linkHint")}
      rules={[
        {
          validator: async (_, value: string | undefined) => {
            const v = (value ?? "").trim();
            if (v !== "" && !HTTPS_LINK.test(v)) throw new Error(t("errors.SETTING_LINK_NOT_HTTPS"));
          },
        },
      ]}
    >
      <Input inputMode="url" placeholder="https://" className="admin-mono" />
    </Form.Item>
  );
}

export function LanguagesField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="languages"
      label={label}
      rules={[{ required: true, type: "array", min: 1, message: t("errors.SETTING_LANGUAGES_EMPTY") }]}
    >
      <Checkbox.Group
        options={LANGUAGE_CODES.map((code) => ({ value: code, label: LANGUAGES[code].label }))}
      />
    </Form.Item>
  );
}

const logoRule = (t: (key: string) => string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = value ? logoProblem(value) : undefined;
    if (problem) throw new Error(t(`errors.${problem}`));
  },
});

export function LogoField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="value" label={label} extra={t("config.app.logoHint")} rules={[logoRule(t)]}>
      <LogoInput />
    </Form.Item>
  );
}

/** A preview of the logo, a file chosen and made small in the browser, or the built-in one again. */
function LogoInput({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [unreadable, setUnreadable] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUnreadable(false);
    try {
      onChange?.(await encodeLogo(file));
    } catch {
      setUnreadable(true);
    }
  };
  return (
    <div className="admin-config__logo">
      {value ? (
        <img src={value} alt={t("config.app.logoPreview")} className="admin-config__logo-image" />
      ) : (
        <Typography.Text type="secondary">{t("config.app.builtInLogo")}</Typography.Text>
      )}
      <Space wrap>
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
          {t("config.app.logoChoose")}
        </Button>
        <Button icon={<DeleteOutlined aria-hidden />} disabled={!value} onClick={() => onChange?.("")}>
          {t("config.app.logoRemove")}
        </Button>
      </Space>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="admin-visually-hidden"
        aria-label={t("config.app.logoFile")}
        tabIndex={-1}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      {unreadable ? (
        <Typography.Text type="danger" role="alert">
          {t("config.app.logoUnreadable")}
        </Typography.Text>
      ) : null}
    </div>
  );
}
