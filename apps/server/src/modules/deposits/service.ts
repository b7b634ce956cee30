import { createHash } from "node:crypto";
import {
  DEPOSIT_VOUCHER_MAX_BYTES,
  rechargeFields,
  type DepositRecord,
  type RechargeChannelsResponse,
  type RechargeFields,
  type RechargeListResponse,
} from "@brokerage/api";
import { inWindow, money, toBookedString } from "@brokerage/core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { seqCursor } from "../../lib/cursor.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { processUploadedImage, readStoredImage } from "../../lib/image-upload.js";
import type { ImageStore } from "../../lib/images.js";
import { idempotent } from "../ledger/index.js";
import { openReview } from "../reviews/index.js";
import { getSettings } from "../settings/index.js";
import { effectiveLimits, fitsScale, publicChannel } from "./channels.js";
import * as repo from "./repository.js";

export const DEPOSIT_PAGE_SIZE = 20;
const cursor = seqCursor("dep");

export interface RechargeUpload {
  fields: Partial<Record<keyof RechargeFields, string>>;
  voucher?: Buffer | undefined;
}

interface Deps {
  db: Db;
  clock: Clock;
  images: ImageStore;
  log?: FastifyBaseLogger | undefined;
}

/** What the rules of a deposit are checked against. */
interface Request {
  userId: string;
  channelId: string;
  currency: string;
  amount: string;
  hasVoucher: boolean;
}

export function toRecord(row: repo.DepositWithChannel): DepositRecord {
  const { deposit } = row;
  return {
    id: deposit.id,
    channelId: deposit.channelId,
    channelName: row.channelName,
    channelKind: row.channelKind,
    currency: deposit.currency,
    amount: toBookedString(deposit.amount, deposit.currency),
    state: deposit.state,
    reason: deposit.reason,
    voucher: deposit.voucher !== null,
    createdAt: deposit.createdAt.toISOString(),
    decidedAt: deposit.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Deposits (DESIGN §5 Withdrawals and deposits): the channels and the window are shown first; a request
 * within every rule becomes a pending deposit with its review (kind `deposit`), in one transaction keyed
 * by the request's idempotency key. Nothing is credited until a reviewer approves (review.ts).
 */
export class DepositService {
  constructor(private readonly deps: Deps) {}

  async channels(): Promise<RechargeChannelsResponse> {
    const { db, clock } = this.deps;
    const [rows, settings] = await Promise.all([
      repo.listChannels(db, { enabledOnly: true }),
      getSettings(db, ["recharge.window", "recharge.limits"]),
    ]);
    const window = settings["recharge.window"];
    return {
      window,
      open: inWindow(window, clock.now()),
      channels: rows.flatMap((row) => publicChannel(row, settings["recharge.limits"]) ?? []),
    };
  }

  /**
   * `fund/recharge`. The rules are checked before the voucher is processed (a refused request costs no
   * image work and hears about the rule, not the photo), and again inside the transaction, which is the
   * word that counts. A retry of a key already used skips straight to the stored answer.
   */
  async recharge(userId: string, upload: RechargeUpload): Promise<DepositRecord> {
    const { db, clock, images } = this.deps;
    const fields = parseFields(upload.fields);
    const amount = toBookedString(fields.amount, fields.currency);
    const request: Request = { userId, ...fields, amount, hasVoucher: upload.voucher !== undefined };
    const owner = `user:${userId}`;
    const call = {
      owner,
      key: fields.idempotencyKey,
      // The voucher's bytes are part of the request: the same key with another photo is another request.
      request: {
        channelId: fields.channelId,
        currency: fields.currency,
        amount,
        voucher: sha256(upload.voucher),
      },
    };

    let voucher: string | null = null;
    const storeVoucher = async () => {
      if (!upload.voucher) return null;
      const processed = await processUploadedImage(upload.voucher, "voucher", DEPOSIT_VOUCHER_MAX_BYTES);
      voucher = await images.save(processed);
      return voucher;
    };
    if (await this.firstOfItsKey(owner, call.key, request)) await storeVoucher();

    let created = false;
    try {
      const answer = await idempotent(db, clock, call, async (tx) => {
        const channel = await this.check(tx, request);
        const deposit = await repo.insertDeposit(tx, {
          userId,
          channelId: channel.id,
          currency: fields.currency,
          amount,
          voucher: voucher ?? (await storeVoucher()),
          createdAt: clock.now(),
        });
        await openReview(tx, {
          kind: "deposit",
          subjectId: deposit.id,
          userId,
          createdAt: deposit.createdAt,
        });
        created = true;
        return toRecord({ deposit, channelName: channel.name, channelKind: channel.kind });
      });
      // A retry answered from the store: the photo saved for it belongs to nothing.
      if (!created && voucher) await images.remove(voucher);
      return answer;
    } catch (error) {
      if (voucher) await images.remove(voucher);
      // The one-pending index is the last word when two requests race past every check above.
      if (uniqueViolation(error) === repo.ONE_PENDING_INDEX) throw new DomainError("PENDING_REVIEW_EXISTS");
      throw error;
    }
  }

  /**
   * The rules, checked before any image work, for a request whose key was not used yet (false: it was,
   * and the stored answer is this request's too). A refusal that a concurrent request with the same key
   * caused (its pending deposit commits with its key) is no refusal: that request's answer is this one's.
   */
  private async firstOfItsKey(owner: string, key: string, request: Request): Promise<boolean> {
    const { db } = this.deps;
    if (await repo.idempotencyKeyExists(db, owner, key)) return false;
    try {
      await this.check(db, request);
      return true;
    } catch (error) {
      if (error instanceof DomainError && (await repo.idempotencyKeyExists(db, owner, key))) return false;
      throw error;
    }
  }

  /**
   * The rules of a deposit, in the order the user hears them: the account's flags, the window, the
   * channel, its currency, the amount within the limits, the voucher, one pending deposit at a time.
   */
  private async check(tx: Db, request: Request): Promise<repo.ChannelRow> {
    const flags = await repo.findAccountFlags(tx, request.userId);
    if (!flags) throw new DomainError("UNAUTHORIZED");
    if (flags.disabled) throw new DomainError("ACCOUNT_DISABLED");
    if (flags.frozen) throw new DomainError("ACCOUNT_FROZEN");

    const settings = await getSettings(tx, ["recharge.window", "recharge.limits"]);
    const window = settings["recharge.window"];
    if (!inWindow(window, this.deps.clock.now()))
      throw new DomainError("OUTSIDE_WINDOW", {
        start: window.from,
        end: window.to,
        timeZone: window.timeZone,
      });

    const channel = await repo.findChannel(tx, request.channelId);
    if (!channel?.enabled) throw new DomainError("CHANNEL_UNAVAILABLE", { field: "channelId" });
    const limits = effectiveLimits(channel, settings["recharge.limits"], request.currency);
    if (!limits) throw new DomainError("CURRENCY_UNSUPPORTED", { field: "currency" });
    const amount = money(request.amount);
    if (amount.lessThan(limits.min))
      throw new DomainError("AMOUNT_BELOW_MIN", { field: "amount", min: limits.min });
    if (amount.greaterThan(limits.max))
      throw new DomainError("AMOUNT_ABOVE_MAX", { field: "amount", max: limits.max });
    if (channel.voucherRequired && !request.hasVoucher)
      throw new DomainError("VOUCHER_REQUIRED", { field: "voucher" });

    if (await repo.hasPending(tx, request.userId)) throw new DomainError("PENDING_REVIEW_EXISTS");
    return channel;
  }

  /** `fund/rechargeList`: newest first, DEPOSIT_PAGE_SIZE a page. */
  async list(userId: string, after: string | undefined): Promise<RechargeListResponse> {
    const beforeSeq = after === undefined ? undefined : cursor.decode(after);
    const rows = await repo.listOwnPage(this.deps.db, { userId, beforeSeq, limit: DEPOSIT_PAGE_SIZE + 1 });
    const page = rows.slice(0, DEPOSIT_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(toRecord),
      nextCursor: rows.length > DEPOSIT_PAGE_SIZE && last ? cursor.encode(last.deposit.seq) : null,
    };
  }

  /** The voucher of one of the user's own deposits; another user's deposit answers NOT_FOUND alike. */
  async ownVoucher(userId: string, id: string): Promise<Buffer> {
    const row = await repo.findOwn(this.deps.db, { userId, id });
    if (!row?.deposit.voucher) throw new DomainError("NOT_FOUND");
    return readStoredImage(this.deps.images, row.deposit.voucher, this.deps.log);
  }

  /** Any deposit's voucher, for staff (the route checks the permission). */
  async voucher(depositId: string): Promise<Buffer> {
    const name = await repo.findVoucherName(this.deps.db, depositId);
    if (!name) throw new DomainError("NOT_FOUND");
    return readStoredImage(this.deps.images, name, this.deps.log);
  }
}

function sha256(bytes: Buffer | undefined): string | null {
  return bytes ? createHash("sha256").update(bytes).digest("hex") : null;
}

/** The text fields, shaped by the contract; the amount at most at the currency's scale. */
function parseFields(fields: RechargeUpload["fields"]): RechargeFields {
  const parsed = rechargeFields.safeParse(fields);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "body");
    throw new DomainError("INVALID_INPUT", { field });
  }
  if (!fitsScale(parsed.data.amount, parsed.data.currency))
    throw new DomainError("INVALID_INPUT", { field: "amount" });
  return parsed.data;
}
