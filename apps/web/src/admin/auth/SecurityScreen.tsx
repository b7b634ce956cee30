import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Col, Form, Input, Result, Row, Steps, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHead } from "../layout/PageHead";
import { adminPost } from "../lib/client";
import { errorText } from "../lib/i18n";
import { meQueryKey, useStaff } from "./staff";

interface Enrolment {
  secret: string;
  uri: string;
  qr: string;
}

/** The secret in groups of four, as authenticator apps show it for typing. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/**
 * Two-step log-in for the staff member's own account: scan (or type) the secret, confirm a code, then
 * the recovery codes, shown this once (the server keeps only their hashes).
 */
export function SecurityScreen() {
  const { t } = useTranslation();
  const { me } = useStaff();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = useMutation({
    mutationFn: async () => {
      const { secret, uri } = await adminPost("auth/enrollTotp");
      // The QR encoder is needed only here, once the enrolment has started.
      const { toDataURL } = await import("qrcode");
      const qr = await toDataURL(uri, { width: 208, margin: 1, errorCorrectionLevel: "M" });
      return { secret, uri, qr };
    },
    onSuccess: setEnrolment,
  });
  const confirm = useMutation({
    mutationFn: (otp: string) => adminPost("auth/confirmTotp", { otp }),
    onSuccess: async ({ recoveryCodes: codes }) => {
      setEnrolment(null);
      setRecoveryCodes(codes);
      void message.success(t("security.enabled"));
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });

  return (
    <div className="admin-page">
      <PageHead title={t("security.title")} lead={t("security.lead")} />
      {me.totpRequired && !me.totpEnabled ? (
        <Alert type="warning" showIcon title={t("security.enrolBanner")} />
      ) : null}
      <Card variant="borderless" className="admin-card">
        {recoveryCodes ? (
          <Result
            status="success"
            icon={<SafetyCertificateOutlined aria-hidden />}
            title={t("security.codesTitle")}
            subTitle={t("security.codesText")}
            extra={
              <>
                <Typography.Paragraph
                  copyable={{ text: recoveryCodes.join("\n") }}
                  className="admin-mono admin-security__codes"
                >
                  <ul aria-label={t("security.codesList")}>
                    {recoveryCodes.map((code) => (
                      <li key={code}>{code}</li>
                    ))}
                  </ul>
                </Typography.Paragraph>
                <Button type="primary" onClick={() => setRecoveryCodes(null)}>
                  {t("security.codesDone")}
                </Button>
              </>
            }
          />
        ) : me.totpEnabled ? (
          <Result
            status="success"
            icon={<SafetyCertificateOutlined aria-hidden />}
            title={t("security.onTitle")}
            subTitle={t("security.onText")}
          />
        ) : !enrolment ? (
          <Result
            status="info"
            icon={<SafetyCertificateOutlined aria-hidden />}
            title={t("security.offTitle")}
            subTitle={t(me.role === "administrator" ? "security.offTextAdmin" : "security.offText")}
            extra={
              <>
                {start.isError ? (
                  <Alert
                    type="error"
                    showIcon
                    title={errorText(start.error)}
                    className="admin-security__alert"
                  />
                ) : null}
                <Button type="primary" size="large" loading={start.isPending} onClick={() => start.mutate()}>
                  {t("security.start")}
                </Button>
              </>
            }
          />
        ) : (
          <Row gutter={[32, 24]} className="admin-security">
            <Col xs={24} lg={10}>
              <Steps
                orientation="vertical"
                current={1}
                items={[
                  { title: t("security.step1"), content: t("security.step1Text") },
                  { title: t("security.step2"), content: t("security.step2Text") },
                  { title: t("security.step3"), content: t("security.step3Text") },
                ]}
              />
            </Col>
            <Col xs={24} lg={14}>
              <div className="admin-security__qr">
                <img src={enrolment.qr} width={208} height={208} alt={t("security.qrAlt")} />
                <div>
                  <Typography.Text type="secondary">{t("security.secret")}</Typography.Text>
                  <Typography.Paragraph
                    copyable={{ text: enrolment.secret }}
                    className="admin-mono admin-security__secret"
                  >
                    {grouped(enrolment.secret)}
                  </Typography.Paragraph>
                  <Form layout="vertical" onFinish={({ otp }: { otp: string }) => confirm.mutate(otp)}>
                    <Form.Item
                      name="otp"
                      label={t("security.code")}
                      rules={[{ required: true, pattern: /^\d{6}$/, message: t("login.otpFormat") }]}
                    >
                      <Input
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={6}
                        className="admin-otp"
                      />
                    </Form.Item>
                    {confirm.isError ? (
                      <Alert
                        type="error"
                        showIcon
                        title={errorText(confirm.error)}
                        className="admin-security__alert"
                      />
                    ) : null}
                    <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                      {t("security.confirm")}
                    </Button>
                  </Form>
                </div>
              </div>
            </Col>
          </Row>
        )}
      </Card>
    </div>
  );
}
