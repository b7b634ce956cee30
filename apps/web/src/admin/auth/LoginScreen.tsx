import { LockOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Card, Form, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { BrandMark } from "../layout/BrandMark";
import { LanguageSwitch } from "../layout/LanguageSwitch";
import { AdminApiError, adminPost } from "../lib/client";
import { errorText } from "../lib/i18n";
import { saveSession } from "../lib/session";

/** The authenticator's 6 digits, or a recovery code (12 letters and digits, dashes or spaces optional). */
const SECOND_FACTOR = /^\s*(\d{6}|[A-Za-z0-9]{4}[-\s]?[A-Za-z0-9]{4}[-\s]?[A-Za-z0-9]{4})\s*$/;

interface Credentials {
  account: string;
  password: string;
}

/** Staff log-in: account and password, then a code from the authenticator when two-step log-in is on. */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as { from?: string; expired?: boolean };
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [otpStep, setOtpStep] = useState(false);

  const login = useMutation({
    mutationFn: (body: Credentials & { otp?: string }) => adminPost("auth/login", body),
    // Pending (the button spinning) until the next page is shown, its code fetched on the way.
    onSuccess: (session) => {
      saveSession(session);
      return navigate(state.from && state.from !== "/login" ? state.from : "/", { replace: true });
    },
    onError: (error) => {
      if (error instanceof AdminApiError && error.code === "OTP_REQUIRED") setOtpStep(true);
    },
  });
  const needsCodeOnly = login.error instanceof AdminApiError && login.error.code === "OTP_REQUIRED";
  const error = login.error && !needsCodeOnly ? errorText(login.error) : null;

  const onCredentials = (values: Credentials) => {
    setCredentials(values);
    login.mutate(values);
  };
  const onCode = ({ otp }: { otp: string }) => {
    if (credentials) login.mutate({ ...credentials, otp: otp.trim() });
  };
  const back = () => {
    setOtpStep(false);
    login.reset();
  };

  return (
    <div className="admin-login">
      <div className="admin-login__language">
        <LanguageSwitch />
      </div>
      <Card className="admin-login__card" variant="borderless">
        <div className="admin-login__brand">
          <BrandMark size={40} />
          <div>
            <Typography.Title level={3} className="admin-login__title">
              {t("login.title")}
            </Typography.Title>
            <Typography.Text type="secondary">{t("login.subtitle")}</Typography.Text>
          </div>
        </div>
        {state.expired && !login.isPending && !error && !otpStep ? (
          <Alert className="admin-login__alert" type="info" showIcon title={t("login.expired")} />
        ) : null}
        {error ? (
          <Alert className="admin-login__alert" type="error" showIcon title={error} role="alert" />
        ) : null}
        {otpStep ? (
          <Form layout="vertical" requiredMark={false} onFinish={onCode} key="otp">
            <Typography.Paragraph type="secondary">{t("login.otpHint")}</Typography.Paragraph>
            <Form.Item
              name="otp"
              label={t("login.otp")}
              rules={[{ required: true, pattern: SECOND_FACTOR, message: t("login.otpOrRecoveryFormat") }]}
            >
              <Input
                prefix={<SafetyOutlined aria-hidden />}
                autoComplete="one-time-code"
                maxLength={16}
                autoFocus
                size="large"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
              {t("login.verify")}
            </Button>
            <Button type="link" block onClick={back} className="admin-login__back">
              {t("login.back")}
            </Button>
          </Form>
        ) : (
          <Form<Credentials>
            layout="vertical"
            requiredMark={false}
            onFinish={onCredentials}
            initialValues={credentials ?? undefined}
            key="credentials"
          >
            <Form.Item
              name="account"
              label={t("login.account")}
              rules={[{ required: true, whitespace: true, message: t("login.accountRequired") }]}
            >
              <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus size="large" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t("login.password")}
              rules={[{ required: true, message: t("login.passwordRequired") }]}
            >
              <Input.Password
                prefix={<LockOutlined aria-hidden />}
                autoComplete="current-password"
                size="large"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
              {t("login.submit")}
            </Button>
          </Form>
        )}
        <Typography.Paragraph type="secondary" className="admin-login__notice">
          {t("login.notice")}
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
