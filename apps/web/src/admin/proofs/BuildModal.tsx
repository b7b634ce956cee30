import type { AdminProofBuild } from "@brokerage/api";
import { Alert, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../lib/i18n";
import { useBuildProof } from "./api";

/**
 * Building the proof now, confirmed after saying what it does: the trees of the current minute, published
 * in the app at once, no balance changed. No reason is asked: the build is its own audit record and changes
 * nothing but what is published.
 */
export function BuildModal({
  open,
  onClose,
  onBuilt,
}: {
  open: boolean;
  onClose: () => void;
  onBuilt: (result: AdminProofBuild) => void;
}) {
  const { t } = useTranslation();
  const build = useBuildProof();
  const close = () => {
    build.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t("proofs.confirmTitle")}
      okText={t("proofs.build")}
      cancelText={t("common.cancel")}
      okButtonProps={{ loading: build.isPending }}
      onOk={() =>
        build.mutate(undefined, {
          onSuccess: (result) => {
            onBuilt(result);
            close();
          },
        })
      }
      onCancel={close}
      scrollLock={false}
      destroyOnHidden
    >
      <Typography.Paragraph>{t("proofs.confirmWhat")}</Typography.Paragraph>
      <Typography.Paragraph>{t("proofs.confirmPublished")}</Typography.Paragraph>
      <Typography.Paragraph>{t("proofs.confirmOnce")}</Typography.Paragraph>
      {build.error ? <Alert type="error" showIcon title={errorText(build.error)} role="alert" /> : null}
    </Modal>
  );
}
