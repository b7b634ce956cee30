import { KYC_PHOTO_MAX_BYTES, KYC_PHOTO_SIDES, type KycPhotoSide } from "@brokerage/api";
import type { FastifyRequest } from "fastify";
import { multipartLimits, readImageForm, type ImageForm } from "../../lib/image-upload.js";

/** The `kyc/submit` form: two text fields and the two ID photos, read by the shared image-form reader. */
const KYC_FORM: ImageForm<"realName" | "idNumber", KycPhotoSide> = {
  text: ["realName", "idNumber"],
  files: KYC_PHOTO_SIDES,
  maxFileBytes: KYC_PHOTO_MAX_BYTES,
};

/** busboy's limits for `kyc/submit`: two photos of at most 8 MB, the two text fields, nothing else. */
export const KYC_MULTIPART_LIMITS = multipartLimits(KYC_FORM);

export interface KycUpload {
  fields: Partial<Record<"realName" | "idNumber", string>>;
  photos: Partial<Record<KycPhotoSide, Buffer>>;
}

/** Reads the `kyc/submit` body: the text fields `realName`, `idNumber` and the file parts `front`, `back`. */
export async function readKycUpload(request: FastifyRequest): Promise<KycUpload> {
  const { fields, files } = await readImageForm(request, KYC_FORM);
  return { fields, photos: files };
}
