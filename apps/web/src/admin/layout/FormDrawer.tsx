import { Alert, App, Button, Drawer, type DrawerProps, type FormInstance } from "antd";
import type { NamePath } from "antd/es/form/interface";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AdminApiError } from "../lib/client";
import { errorText } from "../lib/i18n";
import { overlayContainer } from "./overlay";

/** A side drawer of the back office: rendered among the page's overlays, its close button named. */
export function AdminDrawer(props: DrawerProps) {
  const { t } = useTranslation();
  return <Drawer getContainer={overlayContainer} closable={{ "aria-label": t("common.close") }} {...props} />;
}

interface SaveMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** A record's editor in a drawer: the form, cancel and save below it, and the last save's failure. */
export function FormDrawer({
  open,
  onClose,
  size,
  title,
  save,
  onSave,
  children,
}: {
  open: boolean;
  onClose: () => void;
  size: number;
  title: string;
  save: SaveMutation;
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AdminDrawer
      open={open}
      onClose={onClose}
      size={size}
      title={title}
      footer={
        <div className="admin-drawer__footer">
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="primary" loading={save.isPending} onClick={onSave}>
            {t("common.save")}
          </Button>
        </div>
      }
    >
      {children}
      {save.isError ? <Alert type="error" showIcon title={errorText(save.error)} role="alert" /> : null}
    </AdminDrawer>
  );
}

/**
 * Fills the drawer's form each time another record (or a fresh copy of it) is opened, and forgets the
 * outcome of the last save. `target` null: the drawer is closed.
 */
export function useFormOnOpen<V>(
  target: unknown,
  form: FormInstance<V>,
  values: () => Parameters<FormInstance<V>["setFieldsValue"]>[0],
  ...mutations: { reset: () => void }[]
) {
  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    form.setFieldsValue(values());
    for (const mutation of mutations) mutation.reset();
    // Only when another record (or a fresh copy of it) is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);
}

/** Where a problem found before sending goes in the form, with the message's locale key and params. */
export interface FieldProblem {
  name: string | (string | number)[];
  key: string;
  params?: Record<string, string>;
}

/**
 * Saving the drawer's form: the form's own rules, then `check` (each problem under its field), then the
 * request; once saved, `done` says so and the drawer closes. A refusal that names a field goes under it.
 */
export function useDrawerSubmit<V, R, S>({
  form,
  check,
  save,
  done,
  fieldOfError,
  onClose,
}: {
  form: FormInstance<V>;
  check: (values: V) => { request?: R; problems: FieldProblem[] };
  save: {
    mutate(request: R, options: { onSuccess: (saved: S) => void; onError: (error: unknown) => void }): void;
  };
  done: (saved: S) => string;
  fieldOfError: (error: AdminApiError, values: V) => NamePath | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // antd types setFields per literal path of V; these paths come from the form's own shape.
  type Fields = Parameters<FormInstance<V>["setFields"]>[0];
  return async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { request, problems } = check(values);
    if (!request) {
      form.setFields(problems.map((p) => ({ name: p.name, errors: [t(p.key, p.params)] })) as Fields);
      return;
    }
    save.mutate(request, {
      onSuccess: (saved) => {
        void message.success(done(saved));
        onClose();
      },
      onError: (error) => {
        const name = error instanceof AdminApiError ? fieldOfError(error, values) : undefined;
        if (name) form.setFields([{ name, errors: [errorText(error)] }] as Fields);
      },
    });
  };
}
