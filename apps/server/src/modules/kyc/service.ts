import {
  KYC_PHOTO_MAX_BYTES,
  KYC_PHOTO_SIDES,
  kycSubmitFields,
  type KycPhotoSide,
  type KycStatus,
  type KycStatusResponse,
} from "@brokerage/api";
import {
  canSubmitKyc,
  isIdNumberForm,
  isRealName,
  maskIdNumber,
  normaliseIdNumber,
  normaliseName,
} from "@brokerage/core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { processUploadedImage, readStoredImage } from "../../lib/image-upload.js";
import type { ImageStore } from "../../lib/images.js";
import { openReview } from "../reviews/index.js";
import * as repo from "./repository.js";
import type { KycUpload } from "./upload.js";

/** Why a user may not submit in `state`: under review (wait) or verified (final). */
function refusalOf(state: KycStatus): DomainError {
  return new DomainError(state === "verified" ? "KYC_ALREADY_VERIFIED" : "KYC_UNDER_REVIEW");
}

const photoOf = (row: repo.KycSubmissionRow, side: KycPhotoSide) =>
  side === "front" ? row.frontPhoto : row.backPhoto;

interface Deps {
  db: Db;
  clock: Clock;
  images: ImageStore;
  log?: FastifyBaseLogger | undefined;
}

/**
 * Real-name verification (DESIGN §5 KYC): not verified → under review → verified | failed, and a failed
 * one may be submitted again. A submission opens its review in the same transaction; the decision is
 * the back office's (review.ts). Photos are re-encoded before anything is stored, and a refused or
 * failed submission leaves neither a row nor a file behind.
 */
export class KycService {
  constructor(private readonly deps: Deps) {}

  async status(userId: string): Promise<KycStatusResponse> {
    const { db } = this.deps;
    const state = await repo.findKycState(db, userId);
    if (!state) throw new DomainError("UNAUTHORIZED");
    const latest = state === "not_verified" ? undefined : await repo.findLatestSubmission(db, userId);
    return {
      state,
      realName: latest?.realName ?? null,
      idNumber: latest ? maskIdNumber(latest.idNumber) : null,
      reason: latest?.reason ?? null,
      submittedAt: latest?.createdAt.toISOString() ?? null,
      decidedAt: latest?.decidedAt?.toISOString() ?? null,
    };
  }

  async submit(userId: string, upload: KycUpload): Promise<KycStatusResponse> {
    const { db, clock, images } = this.deps;
    // The cheap refusal first: a verified user or one waiting for a decision needs to hear that, not
    // about the form.
    const state = await repo.findKycState(db, userId);
    if (!state) throw new DomainError("UNAUTHORIZED");
    if (!canSubmitKyc(state)) throw refusalOf(state);

    const { realName, idNumber } = checkFields(upload.fields);
    const photos: Buffer[] = [];
    for (const side of KYC_PHOTO_SIDES) {
      const bytes = upload.photos[side];
      if (!bytes) throw new DomainError("INVALID_INPUT", { field: side });
      photos.push(await processUploadedImage(bytes, side, KYC_PHOTO_MAX_BYTES));
    }

    const saved: string[] = [];
    try {
      for (const photo of photos) saved.push(await images.save(photo));
      const [frontPhoto, backPhoto] = saved as [string, string];
      await db.transaction(async (tx) => {
        const now = clock.now();
        if (!(await repo.startReview(tx, { userId, now }))) {
          const current = await repo.findKycState(tx, userId);
          throw refusalOf(current ?? "under_review");
        }
        const submission = await repo.insertSubmission(tx, {
          userId,
          realName,
          idNumber,
          frontPhoto,
          backPhoto,
          now,
        });
        await openReview(tx, { kind: "kyc", subjectId: submission.id, userId, createdAt: now });
      });
    } catch (error) {
      await Promise.all(saved.map((name) => images.remove(name)));
      // The one-pending index is the last word when two submissions race past every check above.
      if (uniqueViolation(error) === "kyc_submissions_one_pending") throw new DomainError("KYC_UNDER_REVIEW");
      throw error;
    }
    return this.status(userId);
  }

  /** The owner's current (latest) submission's photo; NOT_FOUND before the first submission. */
  async ownPhoto(userId: string, side: KycPhotoSide): Promise<Buffer> {
    const latest = await repo.findLatestSubmission(this.deps.db, userId);
    if (!latest) throw new DomainError("NOT_FOUND");
    return this.read(photoOf(latest, side));
  }

  /** Any submission's photo, for staff with the `kyc.photos` permission (checked by the route). */
  async submissionPhoto(submissionId: string, side: KycPhotoSide): Promise<Buffer> {
    const submission = await repo.findSubmission(this.deps.db, submissionId);
    if (!submission) throw new DomainError("NOT_FOUND");
    return this.read(photoOf(submission, side));
  }

  private read(name: string): Promise<Buffer> {
    return readStoredImage(this.deps.images, name, this.deps.log);
  }
}

/** The text fields in their stored form: a normalised name and ID number, each checked by the core rules. */
function checkFields(fields: KycUpload["fields"]): { realName: string; idNumber: string } {
  const parsed = kycSubmitFields.safeParse(fields);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "body");
    throw new DomainError("INVALID_INPUT", { field });
  }
  const { realName, idNumber } = parsed.data;
  if (!isRealName(realName)) throw new DomainError("REAL_NAME_INVALID", { field: "realName" });
  if (!isIdNumberForm(idNumber)) throw new DomainError("ID_NUMBER_INVALID", { field: "idNumber" });
  return { realName: normaliseName(realName), idNumber: normaliseIdNumber(idNumber) };
}
