import {
  adminDepositChannel,
  channelListResponse,
  channelSaveRequest,
  depositVoucherRequest,
  emptyRequest,
  errorEnvelope,
  type DepositVoucherRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { imageAnswers, sendImage } from "../../lib/image-upload.js";
import { ImageStore } from "../../lib/images.js";
import { readOfUser } from "../audit/index.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { ChannelAdminService } from "./channel-service.js";
import { findDepositOwner } from "./repository.js";
import { depositReviewHandler } from "./review.js";
import { DepositService } from "./service.js";

export interface ChannelAdminOptions {
  imageDir: string;
}

const schema = { headers: staffHeaders, security: [{ token: [], account: [] }] };

/**
 * `/api/admin/channels/*`: the deposit channels (`channels/list`, `channels/save`, permission
 * channels.manage). Also registers the review handler of kind `deposit`, through which the reviews
 * module lists and decides deposits.
 */
export const channelAdminRoutes: FastifyPluginAsyncZod<ChannelAdminOptions> = async (app, options) => {
  await app.register(staffAuthPlugin);
  app.reviewRegistry.register(depositReviewHandler({ clock: app.clock, imageDir: options.imageDir }));
  const channels = new ChannelAdminService({ db: app.db, clock: app.clock });
  const tags = ["admin: configuration"];

  adminRoute(
    app,
    "channels/list",
    {
      onRequest: app.requireStaff("channels.manage"),
      schema: {
        ...schema,
        tags,
        summary: "Every deposit channel, enabled or not, by sort order then name, with its own limits",
        body: emptyRequest,
        response: staffAnswers(channelListResponse),
      },
    },
    async () => ok(await channels.list()),
  );

  adminRoute(
    app,
    "channels/save",
    {
      onRequest: app.requireStaff("channels.manage"),
      schema: {
        ...schema,
        tags,
        summary:
          "Create (no id) or change a deposit channel: kind, name, details (bank: accountName, " +
          "accountNumber, bankName; crypto: network USDT-TRC20/USDT-ERC20/BTC and an address of it, else " +
          "WALLET_ADDRESS_INVALID; otc: key), limits per currency (at the currency's scale, min ≤ max), " +
          "voucherRequired, enabled, sort, and the reason kept in the audit log (channel.save, with the " +
          "channel before and after). NOT_FOUND for an unknown id; a channel keeps its kind (INVALID_INPUT on " +
          "`kind`). Channels are disabled, never deleted.",
        body: channelSaveRequest,
        response: staffAnswers(adminDepositChannel),
      },
    },
    async (request) => ok(await channels.save(staffOf(request), request.body)),
  );
};

/**
 * `/api/admin/deposits/voucher {depositId}`: a deposit's voucher for staff with `reviews.read`, the
 * permission that shows the deposit in the queue: whoever may read the request may read its evidence.
 */
export const depositAdminRoutes: FastifyPluginAsyncZod<ChannelAdminOptions> = async (app, options) => {
  await app.register(staffAuthPlugin);
  const deposits = new DepositService({
    db: app.db,
    clock: app.clock,
    images: new ImageStore(options.imageDir),
    log: app.log,
  });

  adminRoute(
    app,
    "deposits/voucher",
    {
      onRequest: app.requireStaff("reviews.read", {
        read: readOfUser(
          "read.depositVoucher",
          (body: DepositVoucherRequest, db) => findDepositOwner(db, body.depositId),
          { details: (body) => ({ depositId: body.depositId }) },
        ),
      }),
      schema: {
        ...schema,
        tags: ["admin: reviews"],
        summary:
          "A deposit's voucher, as image/jpeg bytes with cache-control private, no-store; NOT_FOUND for an " +
          "unknown deposit or one without a voucher. Needs the reviews.read permission; each read is audited " +
          "(read.depositVoucher).",
        body: depositVoucherRequest,
        produces: ["image/jpeg"],
        response: imageAnswers({ 403: errorEnvelope }),
      },
    },
    async (request, reply) => sendImage(reply, await deposits.voucher(request.body.depositId)),
  );
};
