import { PlusOutlined, StopOutlined } from "@ant-design/icons";
import {
  ADMIN_ROLES,
  type AdminRequest,
  type AdminRole,
  type StaffCreateRequest,
  type StaffMember,
} from "@brokerage/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Select, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useStaff } from "../auth/staff";
import { ROLE_COLORS } from "../layout/AdminLayout";
import { ListCard } from "../layout/ListCard";
import { PageHead } from "../layout/PageHead";
import { adminPost } from "../lib/client";
import { formatDateTime } from "../lib/format";
import { errorText } from "../lib/i18n";

const staffKey = ["admin", "staff"] as const;

function useStaffChange<P extends "staff/create" | "staff/setRole" | "staff/disable">(path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRequest<P>) => adminPost(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

/** Staff accounts (administrators only): create, change role, disable. */
export function StaffScreen() {
  const { t } = useTranslation();
  const { me } = useStaff();
  const { message } = App.useApp();
  const list = useQuery({
    queryKey: staffKey,
    queryFn: () => adminPost("staff/list"),
  });
  const setRole = useStaffChange("staff/setRole");
  const disable = useStaffChange("staff/disable");
  const [creating, setCreating] = useState(false);
  const failed = (error: unknown) => void message.error(errorText(error));

  const columns: ColumnsType<StaffMember> = [
    {
      title: t("staff.account"),
      dataIndex: "account",
      render: (account: string, member) => (
        <>
          {account}
          {member.id === me.id ? <Tag className="admin-tag--you">{t("staff.you")}</Tag> : null}
        </>
      ),
    },
    {
      title: t("staff.role"),
      dataIndex: "role",
      width: 200,
      render: (role: AdminRole, member) =>
        member.id === me.id || member.disabled ? (
          <Tag color={ROLE_COLORS[role]}>{t(`roles.${role}`)}</Tag>
        ) : (
          <Select<AdminRole>
            size="small"
            value={role}
            aria-label={t("staff.roleOf", { account: member.account })}
            className="admin-role-select"
            loading={setRole.isPending && setRole.variables?.id === member.id}
            onChange={(next) =>
              setRole.mutate(
                { id: member.id, role: next },
                {
                  onSuccess: () => void message.success(t("staff.roleChanged", { account: member.account })),
                  onError: failed,
                },
              )
            }
            options={ADMIN_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
        ),
    },
    {
      title: t("staff.twoStep"),
      dataIndex: "totpEnabled",
      width: 140,
      render: (on: boolean) =>
        on ? <Tag color="green">{t("common.on")}</Tag> : <Tag>{t("common.off")}</Tag>,
    },
    {
      title: t("staff.status"),
      dataIndex: "disabled",
      width: 120,
      render: (disabled: boolean) =>
        disabled ? (
          <Tag color="red">{t("staff.disabled")}</Tag>
        ) : (
          <Tag color="green">{t("staff.active")}</Tag>
        ),
    },
    {
      title: t("staff.createdAt"),
      dataIndex: "createdAt",
      width: 190,
      render: (v: string) => <span className="admin-mono">{formatDateTime(v)}</span>,
    },
    {
      title: <span className="admin-visually-hidden">{t("common.actions")}</span>,
      key: "actions",
      width: 120,
      align: "right",
      fixed: "right",
      render: (_, member) =>
        member.id === me.id || member.disabled ? null : (
          <Popconfirm
            title={t("staff.disableConfirm", { account: member.account })}
            description={t("staff.disableHint")}
            okText={t("staff.disable")}
            okButtonProps={{ danger: true }}
            cancelText={t("common.cancel")}
            onConfirm={() =>
              disable
                .mutateAsync({ id: member.id })
                .then(
                  () => void message.success(t("staff.disabledDone", { account: member.account })),
                  failed,
                )
            }
          >
            <Button size="small" danger icon={<StopOutlined aria-hidden />}>
              {t("staff.disable")}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <div className="admin-page">
      <PageHead
        title={t("staff.title")}
        lead={t("staff.lead")}
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            {t("staff.create")}
          </Button>
        }
      />
      <ListCard<StaffMember>
        query={list}
        items={list.data?.items ?? []}
        rowKey="id"
        columns={columns}
        rowClassName={(member) => (member.disabled ? "admin-row--muted" : "")}
        emptyText={t("staff.none")}
      />
      <CreateStaffModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

function CreateStaffModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<StaffCreateRequest>();
  const create = useStaffChange("staff/create");
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t("staff.createTitle")}
      okText={t("staff.createOk")}
      cancelText={t("common.cancel")}
      okButtonProps={{ loading: create.isPending }}
      onCancel={close}
      scrollLock={false}
      destroyOnHidden
      onOk={() =>
        void form.validateFields().then(
          (values) =>
            create.mutate(values, {
              onSuccess: (member) => {
                void message.success(t("staff.createdDone", { account: member.account }));
                close();
              },
            }),
          () => undefined,
        )
      }
    >
      <Form form={form} layout="vertical" initialValues={{ role: "reviewer" }} preserve={false}>
        <Form.Item
          name="account"
          label={t("staff.account")}
          rules={[{ required: true, whitespace: true, message: t("staff.accountRequired") }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t("staff.password")}
          extra={t("staff.passwordHint")}
          rules={[{ required: true, min: 8, message: t("staff.passwordRule") }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="role" label={t("staff.role")} rules={[{ required: true }]}>
          <Select options={ADMIN_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
      </Form>
      {create.isError ? <Alert type="error" showIcon title={errorText(create.error)} role="alert" /> : null}
    </Modal>
  );
}
