import { z } from "zod";
import { KYC_PHOTO_SIDES } from "./constants.js";
import { plainText } from "./envelope.js";
import { kycStatus } from "./user.js";

/**
 * Real-name verification (DESIGN §4.1 KYC, §5 KYC): `kyc/submit` (multipart), `kyc/status`,
 * `kyc/photo {side}` for the owner, and the back office's `kyc/photo {submissionId, side}`.
 */

export const kycPhotoSide = z.enum(KYC_PHOTO_SIDES);
export type KycPhotoSide = z.infer<typeof kycPhotoSide>;

/**
 * `kyc/status`, also the answer of `kyc/submit`. `realName` and the masked `idNumber` are those of the
 * latest submission (null before the first); `reason` is the reviewer's, on a failed one.
 */
export const kycStatusResponse = z.object({
  state: kycStatus,
  realName: z.string().nullable(),
  idNumber: z.string().nullable().describe("Masked: first 6, asterisks, last 1"),
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type KycStatusResponse = z.infer<typeof kycStatusResponse>;

/**
 * The text fields of the `kyc/submit` form, as sent. Their content rules (a plausible name; a full or
 * masked ID number) are the core's `isRealName` and `isIdNumberForm`, applied by the server after this
 * (REAL_NAME_INVALID, ID_NUMBER_INVALID) and by the app before sending. The photos travel as the file
 * parts `front` and `back`.
 */
export const KYC_TEXT_FIELD_MAX = 100;
export const kycSubmitFields = z.object({
  realName: plainText.min(1).max(KYC_TEXT_FIELD_MAX),
  idNumber: plainText.min(1).max(KYC_TEXT_FIELD_MAX),
});
export type KycSubmitFields = z.infer<typeof kycSubmitFields>;

/** `kyc/photo {side}`: the owner's current submission's photo (image/jpeg bytes). */
export const kycPhotoRequest = z.object({ side: kycPhotoSide });
export type KycPhotoRequest = z.infer<typeof kycPhotoRequest>;

/** Back office `kyc/photo {submissionId, side}` (permission `kyc.photos`). */
export const kycAdminPhotoRequest = z.object({ submissionId: z.string().uuid(), side: kycPhotoSide });
export type KycAdminPhotoRequest = z.infer<typeof kycAdminPhotoRequest>;
