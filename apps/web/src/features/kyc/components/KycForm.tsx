import { useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import type { KycPhotoSide } from "@brokerage/api";
import { isIdNumberForm, isRealName } from "@brokerage/core";
import { Field } from "../../../components/Field";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { i18n } from "../../../lib/i18n";
import { showError, showSuccess } from "../../../lib/toast";
import { KYC_STATUS_KEY, useSubmitKyc } from "../api/kyc";
import { KYC_PHOTO_MAX_MB, photoProblem } from "../photoCheck";
import { confirmSubmission } from "./confirm";
import { PhotoPicker } from "./PhotoPicker";
import { UploadProgress } from "./UploadProgress";

type FieldName = "realName" | "idNumber" | KycPhotoSide;
type Errors = Partial<Record<FieldName, string>>;
const FIELDS: readonly string[] = ["realName", "idNumber", "front", "back"];

/** The same rules as the server (the core's), in the user's language, before anything is sent. */
function checkForm(values: { realName: string; idNumber: string; front: File | null; back: File | null }) {
  const errors: Errors = {};
  const required = i18n.t("form.required");
  if (values.realName.trim() === "") errors.realName = required;
  else if (!isRealName(values.realName)) errors.realName = errorText("REAL_NAME_INVALID");
  if (values.idNumber.trim() === "") errors.idNumber = required;
  else if (!isIdNumberForm(values.idNumber)) errors.idNumber = errorText("ID_NUMBER_INVALID");
  for (const side of ["front", "back"] as const) {
    const file = values[side];
    const problem = file ? photoProblem(file) : null;
    if (!file) errors[side] = i18n.t("kyc.photoRequired");
    else if (problem) errors[side] = errorText(problem.code, problem.params);
  }
  return errors;
}

/**
 * The verification form (spec §2: name, ID number, front and back photos). Sent as one multipart upload
 * with a progress bar, after a confirmation; a refusal is shown beside the field it concerns.
 */
export function KycForm({
  initialName = "",
  resubmit = false,
  onCancel,
}: {
  initialName?: string;
  resubmit?: boolean;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [realName, setRealName] = useState(initialName);
  const [idNumber, setIdNumber] = useState("");
  const [photos, setPhotos] = useState<Record<KycPhotoSide, File | null>>({ front: null, back: null });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(0);
  const save = useSubmitKyc(setSent);
  const busy = save.isPending;

  const setField = (name: FieldName, message: string | undefined) =>
    setErrors((current) => ({ ...current, [name]: message }));

  const pickPhoto = (side: KycPhotoSide) => (file: File | null) => {
    const problem = file ? photoProblem(file) : null;
    setField(side, problem ? errorText(problem.code, problem.params) : undefined);
    setPhotos((current) => ({ ...current, [side]: problem ? null : file }));
  };

  const showRefusal = (error: unknown) => {
    if (!(error instanceof ApiError)) return; // transport failures are toasted by the query client
    if (error.code === "UNAUTHORIZED") return;
    const text = errorText(error.code, error.params, error.serverMsg);
    const field = error.params.field;
    if (field && FIELDS.includes(field)) setField(field as FieldName, text);
    else showError(text);
    // Someone (another device) submitted meanwhile: show where things stand instead of the form.
    if (error.code === "KYC_UNDER_REVIEW" || error.code === "KYC_ALREADY_VERIFIED")
      void queryClient.invalidateQueries({ queryKey: KYC_STATUS_KEY });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const values = { realName, idNumber, ...photos };
    const found = checkForm(values);
    // A refused pick says more than "add a photo": keep its message.
    for (const side of ["front", "back"] as const)
      if (!photos[side] && errors[side]) found[side] = errors[side];
    setErrors(found);
    const { front, back } = photos;
    if (Object.keys(found).length > 0 || !front || !back) return;
    if (!(await confirmSubmission())) return;
    setSent(0);
    save.mutate(
      { realName: realName.trim(), idNumber: idNumber.trim(), front, back },
      { onSuccess: () => showSuccess(t("kyc.submitted")), onError: showRefusal },
    );
  };

  return (
    <form className="form card kyc-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="form__lead">{t(resubmit ? "kyc.resubmitIntro" : "kyc.intro")}</p>
      <Field
        label={t("kyc.realName")}
        placeholder={t("kyc.realNamePlaceholder")}
        autoComplete="name"
        name="realName"
        value={realName}
        onChange={(value) => {
          setRealName(value);
          if (errors.realName) setField("realName", undefined);
        }}
        error={errors.realName}
      />
      <Field
        label={t("kyc.idNumber")}
        placeholder={t("kyc.idNumberPlaceholder")}
        autoComplete="off"
        name="idNumber"
        value={idNumber}
        onChange={(value) => {
          setIdNumber(value);
          if (errors.idNumber) setField("idNumber", undefined);
        }}
        error={errors.idNumber}
      />
      <fieldset className="kyc-photos">
        <legend className="field__label">{t("kyc.photos")}</legend>
        <div className="kyc-photos__grid">
          {(["front", "back"] as const).map((side) => (
            <PhotoPicker
              key={side}
              name={side}
              caption={t(side === "front" ? "kyc.front" : "kyc.back")}
              file={photos[side]}
              onPick={pickPhoto(side)}
              error={errors[side]}
              disabled={busy}
            />
          ))}
        </div>
      </fieldset>
      <ul className="form__rules">
        <li>{t("kyc.ruleTypes", { maxMb: KYC_PHOTO_MAX_MB })}</li>
        <li>{t("kyc.ruleClear")}</li>
        <li>{t("kyc.rulePrivate")}</li>
      </ul>
      {busy && <UploadProgress sent={sent} />}
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        loading={busy}
        loadingText={t("kyc.submit")}
        disabled={busy}
      >
        {t("kyc.submit")}
      </Button>
      {onCancel && (
        <Button block fill="none" onClick={onCancel} disabled={busy}>
          {t("kyc.cancel")}
        </Button>
      )}
    </form>
  );
}
