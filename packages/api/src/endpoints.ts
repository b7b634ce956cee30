import type { z } from "zod";
import type * as account from "./account.js";
import type * as admin from "./admin.js";
import type * as alerts from "./alerts.js";
import type * as blockTrade from "./blockTrade.js";
import type * as cards from "./cards.js";
import type * as checkin from "./checkin.js";
import type * as common from "./common.js";
import type * as dayTrading from "./dayTrading.js";
import type * as deposits from "./deposits.js";
import type * as documents from "./documents.js";
import type * as exchange from "./exchange.js";
import type * as follow from "./follow.js";
import type * as identity from "./identity.js";
import type * as ipoDraw from "./ipo-draw.js";
import type * as ipo from "./ipo.js";
import type * as kyc from "./kyc.js";
import type { KycPhotoSide } from "./kyc.js";
import type * as ledgerAdmin from "./ledger-admin.js";
import type * as lending from "./lending.js";
import type * as loan from "./loan.js";
import type * as market from "./market.js";
import type * as news from "./news.js";
import type * as offeringCheck from "./offeringCheck.js";
import type * as placement from "./placement.js";
import type * as proof from "./proof.js";
import type * as records from "./records.js";
import type * as risk from "./risk.js";
import type * as seat from "./seat.js";
import type * as support from "./support.js";
import type { SUPPORT_IMAGE_FIELD } from "./support.js";
import type * as tradingAdmin from "./trading-admin.js";
import type * as trading from "./trading.js";
import type * as tradingTerms from "./trading-terms.js";
import type * as user from "./user.js";
import type * as withdrawals from "./withdrawals.js";

/*
 * The endpoint table: every call's path with what it takes and what it answers, read by the app's and the
 * back office's clients, the server's route registration and the test fixtures, so a path, its body and
 * its answer cannot drift apart at any of them (ts-rest's idea without its runtime). Types only: every
 * import here is `import type`, so nothing of zod is loaded by a module that imports this table.
 */

/** A JSON body answering the envelope `{status, msg, data}`. */
export interface JsonCall<Request extends z.ZodType, Data extends z.ZodType | null> {
  kind: "json";
  /** What a client sends: the request schema's input (fields with a default may be left out). */
  request: z.input<Request>;
  /** What the handler reads once the schema has parsed the body. */
  body: z.output<Request>;
  /** `data` of a success answer. */
  answer: Data extends z.ZodType ? z.output<Data> : null;
}

/** A JSON body answering a file (image bytes, a CSV download); a refusal answers the error envelope. */
export interface FileCall<Request extends z.ZodType, ContentType extends string> {
  kind: "file";
  request: z.input<Request>;
  body: z.output<Request>;
  /** The answer's media type on success. */
  contentType: ContentType;
  answer: never;
}

/** A file part of a multipart body as a client holds it (a browser's Blob or File is one). */
export interface FilePart {
  readonly size: number;
  readonly type: string;
}

/** A multipart/form-data body of text fields and file parts, answering the envelope with `data`. */
export interface MultipartCall<Fields extends z.ZodType, File extends string, Data extends z.ZodType> {
  kind: "multipart";
  /** The text fields (as the schema describes them) and the file parts, none required here. */
  request: { [K in keyof z.input<Fields>]: string } & { [K in File]?: FilePart };
  fields: z.output<Fields>;
  files: File;
  /** The handler reads the parts itself (lib/image-upload.ts). */
  body: unknown;
  answer: z.output<Data>;
}

export type Call =
  | JsonCall<z.ZodType, z.ZodType | null>
  | FileCall<z.ZodType, string>
  | MultipartCall<z.ZodType, string, z.ZodType>;

/** The user calls, under `/api/vue/` (DESIGN §4, §4.1). */
export interface UserEndpoints {
  "account/overview": JsonCall<typeof account.accountOverviewRequest, typeof account.accountOverview>;
  "alert/create": JsonCall<typeof alerts.alertCreateRequest, typeof alerts.alert>;
  "alert/list": JsonCall<typeof user.emptyRequest, typeof alerts.alertListResponse>;
  "alert/remove": JsonCall<typeof alerts.alertIdRequest, null>;
  "account/portfolio": JsonCall<typeof account.portfolioRequest, typeof account.portfolio>;
  "proof/latest": JsonCall<typeof proof.proofLatestRequest, typeof proof.proofLatest>;
  "proof/mine": JsonCall<typeof proof.proofMineRequest, typeof proof.proofMine>;
  "bank/add": JsonCall<typeof cards.addBankCardRequest, typeof cards.bankCard>;
  "bank/list": JsonCall<typeof user.emptyRequest, typeof cards.bankCardList>;
  "bank/lookup": JsonCall<typeof cards.bankLookupRequest, typeof cards.bankLookupResponse>;
  "bank/remove": JsonCall<typeof cards.removeByIdRequest, null>;
  "blockTrade/mine": JsonCall<
    typeof blockTrade.blockTradeMineRequest,
    typeof blockTrade.blockTradeSubscriptionPage
  >;
  "blockTrade/offer": JsonCall<
    typeof blockTrade.blockTradeOfferRequest,
    typeof blockTrade.blockTradeOfferDetail
  >;
  "blockTrade/offers": JsonCall<
    typeof blockTrade.blockTradeOffersRequest,
    typeof blockTrade.blockTradeOfferPage
  >;
  "blockTrade/subscribe": JsonCall<
    typeof blockTrade.blockTradeSubscribeRequest,
    typeof blockTrade.blockTradeSubscription
  >;
  "checkin/checkIn": JsonCall<typeof checkin.checkInRequest, typeof checkin.checkInResult>;
  "checkin/redeem": JsonCall<typeof checkin.checkinRedeemRequest, typeof checkin.checkinRedemption>;
  "checkin/status": JsonCall<typeof checkin.checkinStatusRequest, typeof checkin.checkinStatus>;
  "common/config": JsonCall<typeof common.configRequest, typeof common.configResponse>;
  "dayTrading/apply": JsonCall<
    typeof dayTrading.dayTradingApplyRequest,
    typeof dayTrading.dayTradingApplication
  >;
  "dayTrading/status": JsonCall<typeof user.emptyRequest, typeof dayTrading.dayTradingStatus>;
  "follow/buy": JsonCall<typeof follow.followBuyRequest, typeof follow.followHolding>;
  "follow/mine": JsonCall<typeof follow.followMineRequest, typeof follow.followHoldingPage>;
  "follow/nav": JsonCall<typeof follow.followNavRequest, typeof follow.followNavResponse>;
  "follow/preview": JsonCall<typeof follow.followPreviewRequest, typeof follow.followPreview>;
  "follow/product": JsonCall<typeof follow.followProductRequest, typeof follow.followProductDetail>;
  "follow/products": JsonCall<typeof follow.followProductsRequest, typeof follow.followProductPage>;
  "follow/redeem": JsonCall<typeof follow.followRedeemRequest, typeof follow.followHolding>;
  "fund/exchange": JsonCall<typeof exchange.exchangeRequest, typeof exchange.exchangeResult>;
  "fund/exchangeQuote": JsonCall<typeof exchange.exchangeQuoteRequest, typeof exchange.exchangeQuote>;
  "fund/recharge": MultipartCall<typeof deposits.rechargeFields, "voucher", typeof deposits.depositRecord>;
  "fund/rechargeChannels": JsonCall<typeof user.emptyRequest, typeof deposits.rechargeChannelsResponse>;
  "fund/rechargeList": JsonCall<typeof deposits.rechargeListRequest, typeof deposits.rechargeListResponse>;
  "fund/rechargeVoucher": FileCall<typeof deposits.rechargeVoucherRequest, "image/jpeg">;
  "fund/records": JsonCall<typeof records.fundRecordsRequest, typeof records.fundRecordPage>;
  "fund/statement": FileCall<typeof records.statementRequest, "text/csv">;
  "fund/statementDocument": FileCall<typeof records.statementRequest, "text/html">;
  "fund/taxReport": JsonCall<typeof documents.taxReportRequest, typeof documents.taxReport>;
  "fund/taxReportFile": FileCall<typeof documents.taxReportFileRequest, "text/csv" | "text/html">;
  "fund/withdraw": JsonCall<typeof withdrawals.withdrawRequest, typeof withdrawals.withdrawal>;
  "fund/withdrawList": JsonCall<
    typeof withdrawals.withdrawListRequest,
    typeof withdrawals.withdrawListResponse
  >;
  "fund/withdrawRules": JsonCall<
    typeof withdrawals.withdrawRulesRequest,
    typeof withdrawals.withdrawRulesResponse
  >;
  "ipo/drawRecord": JsonCall<typeof ipoDraw.ipoDrawRecordRequest, typeof ipoDraw.ipoDrawRecord>;
  "ipo/expected": JsonCall<typeof ipoDraw.ipoExpectedRequest, typeof ipoDraw.ipoExpected>;
  "ipo/mine": JsonCall<typeof ipo.ipoMineRequest, typeof ipo.ipoSubscriptionPage>;
  "ipo/offering": JsonCall<typeof ipo.ipoOfferingRequest, typeof ipo.ipoOfferingDetail>;
  "ipo/offerings": JsonCall<typeof ipo.ipoOfferingsRequest, typeof ipo.ipoOfferingPage>;
  "ipo/pay": JsonCall<typeof ipo.ipoSubscriptionActionRequest, typeof ipo.ipoSubscription>;
  "ipo/proof": JsonCall<typeof ipoDraw.ipoProofRequest, typeof ipoDraw.ipoProof>;
  "ipo/subscribe": JsonCall<typeof ipo.ipoSubscribeRequest, typeof ipo.ipoSubscription>;
  "ipo/waive": JsonCall<typeof ipo.ipoSubscriptionActionRequest, typeof ipo.ipoSubscription>;
  "kyc/photo": FileCall<typeof kyc.kycPhotoRequest, "image/jpeg">;
  "kyc/status": JsonCall<typeof user.emptyRequest, typeof kyc.kycStatusResponse>;
  "kyc/submit": MultipartCall<typeof kyc.kycSubmitFields, KycPhotoSide, typeof kyc.kycStatusResponse>;
  "lending/apply": JsonCall<typeof lending.lendingApplyRequest, typeof lending.lending>;
  "lending/list": JsonCall<typeof lending.lendingListRequest, typeof lending.lendingListResponse>;
  "lending/recall": JsonCall<typeof lending.lendingRecallRequest, typeof lending.lending>;
  "lending/terms": JsonCall<typeof user.emptyRequest, typeof lending.lendingTerms>;
  "support/complain": JsonCall<typeof support.supportComplainRequest, typeof support.supportThreadDetail>;
  "support/image": FileCall<typeof support.supportImageRequest, "image/jpeg">;
  "support/send": JsonCall<typeof support.supportSendRequest, typeof support.supportThreadDetail>;
  "support/sendImage": MultipartCall<
    typeof support.supportImageFields,
    typeof SUPPORT_IMAGE_FIELD,
    typeof support.supportThreadDetail
  >;
  "support/thread": JsonCall<typeof support.supportThreadRequest, typeof support.supportThreadDetail>;
  "support/threads": JsonCall<typeof support.supportThreadsRequest, typeof support.supportThreadPage>;
  "loan/apply": JsonCall<typeof loan.loanApplyRequest, typeof loan.loan>;
  "loan/list": JsonCall<typeof loan.loanListRequest, typeof loan.loanListResponse>;
  "loan/repay": JsonCall<typeof loan.loanRepayRequest, typeof loan.loan>;
  "loan/status": JsonCall<typeof user.emptyRequest, typeof loan.loanStatus>;
  "market/clearSearchHistory": JsonCall<typeof user.emptyRequest, null>;
  "market/list": JsonCall<typeof market.marketListRequest, typeof market.marketListResponse>;
  "market/quote": JsonCall<typeof market.quoteRequest, typeof market.quote>;
  "market/quotes": JsonCall<typeof market.quotesRequest, typeof market.quotesResponse>;
  "market/rankings": JsonCall<typeof market.rankingRequest, typeof market.rankingResponse>;
  "market/search": JsonCall<typeof market.searchRequest, typeof market.searchResponse>;
  "market/searchHistory": JsonCall<typeof user.emptyRequest, typeof market.searchHistoryResponse>;
  "message/list": JsonCall<typeof identity.cursorRequest, typeof identity.messageListResponse>;
  "message/read": JsonCall<typeof identity.messageIdRequest, typeof identity.message>;
  "message/unreadCount": JsonCall<typeof user.emptyRequest, typeof identity.unreadCountResponse>;
  "news/detail": JsonCall<typeof news.newsDetailRequest, typeof news.newsArticle>;
  "news/list": JsonCall<typeof news.newsListRequest, typeof news.newsPage>;
  "placement/mine": JsonCall<
    typeof placement.placementMineRequest,
    typeof placement.placementSubscriptionPage
  >;
  "placement/offer": JsonCall<typeof placement.placementOfferRequest, typeof placement.placementOfferDetail>;
  "placement/offers": JsonCall<typeof placement.placementOffersRequest, typeof placement.placementOfferPage>;
  "placement/subscribe": JsonCall<
    typeof placement.placementSubscribeRequest,
    typeof placement.placementSubscription
  >;
  "parameter/zhishu": JsonCall<typeof market.zhishuRequest, typeof market.zhishuResponse>;
  "seat/apply": JsonCall<typeof user.emptyRequest, typeof seat.seatApplication>;
  "seat/status": JsonCall<typeof user.emptyRequest, typeof seat.seatStatus>;
  "trade/cancelOrder": JsonCall<typeof trading.orderIdRequest, typeof trading.tradeOrder>;
  "trade/contractNote": FileCall<typeof documents.contractNoteRequest, "text/html">;
  "trade/closePosition": JsonCall<typeof trading.closePositionRequest, typeof trading.tradeOrder>;
  "risk/acknowledge": JsonCall<typeof risk.riskAcknowledgeRequest, typeof risk.riskDisclosure>;
  "risk/disclosure": JsonCall<typeof risk.riskDisclosureRequest, typeof risk.riskDisclosure>;
  "risk/marginStatus": JsonCall<typeof user.emptyRequest, typeof risk.marginStatus>;
  "trade/inventory": JsonCall<typeof user.emptyRequest, typeof trading.inventoryResponse>;
  "trade/kline": JsonCall<typeof market.klineRequest, typeof market.klineResponse>;
  "trade/orders": JsonCall<typeof trading.tradeOrdersRequest, typeof trading.tradeOrderPage>;
  "trade/placeOrder": JsonCall<typeof trading.placeOrderRequest, typeof trading.tradeOrder>;
  "trade/positionDetail": JsonCall<typeof trading.positionIdRequest, typeof trading.tradeOrder>;
  "trade/positions": JsonCall<typeof trading.tradePositionsRequest, typeof trading.tradeOrderPage>;
  "trade/preview": JsonCall<typeof trading.orderDraft, typeof trading.orderPreview>;
  "trade/setStops": JsonCall<typeof trading.setStopsRequest, typeof trading.tradeOrder>;
  "trade/terms": JsonCall<typeof tradingTerms.tradeTermsRequest, typeof tradingTerms.tradeTerms>;
  "trade/trades": JsonCall<typeof tradingTerms.tradeHistoryRequest, typeof trading.tradeOrderPage>;
  "user/killSwitch": JsonCall<typeof risk.killSwitchRequest, typeof risk.selfProtection>;
  "user/lossLimit": JsonCall<typeof risk.lossLimitRequest, typeof risk.selfProtection>;
  "user/selfProtection": JsonCall<typeof user.emptyRequest, typeof risk.selfProtection>;
  "user/changeFundPassword": JsonCall<typeof identity.changeFundPasswordRequest, null>;
  "user/changeLoginPassword": JsonCall<typeof user.changeLoginPasswordRequest, null>;
  "user/confirmTotp": JsonCall<typeof admin.otpRequest, typeof identity.totpConfirmation>;
  "user/disableTotp": JsonCall<typeof identity.disableTotpRequest, null>;
  "user/enrollTotp": JsonCall<typeof user.emptyRequest, typeof admin.totpEnrolment>;
  "user/fundPasswordStatus": JsonCall<typeof user.emptyRequest, typeof identity.fundPasswordStatusResponse>;
  "user/getUserinfo": JsonCall<typeof user.emptyRequest, typeof user.userInfo>;
  "user/login": JsonCall<typeof user.loginRequest, typeof user.sessionResponse>;
  "user/logout": JsonCall<typeof user.emptyRequest, null>;
  "user/register": JsonCall<typeof user.registerRequest, typeof user.sessionResponse>;
  "user/setFundPassword": JsonCall<typeof identity.setFundPasswordRequest, null>;
  "user/twoStepStatus": JsonCall<typeof user.emptyRequest, typeof identity.twoStepStatus>;
  "wallet/add": JsonCall<typeof cards.addWalletRequest, typeof cards.walletAddress>;
  "wallet/list": JsonCall<typeof user.emptyRequest, typeof cards.walletAddressList>;
  "wallet/remove": JsonCall<typeof cards.removeByIdRequest, null>;
  "watchlist/add": JsonCall<typeof market.watchlistItemRequest, null>;
  "watchlist/contains": JsonCall<typeof market.watchlistItemRequest, typeof market.watchlistContainsResponse>;
  "watchlist/list": JsonCall<typeof user.emptyRequest, typeof market.watchlistResponse>;
  "watchlist/remove": JsonCall<typeof market.watchlistItemRequest, null>;
  "watchlist/reorder": JsonCall<typeof market.watchlistReorderRequest, null>;
}

/** The back-office calls, under `/api/admin/` (staff sessions only). */
export interface AdminEndpoints {
  "audit/list": JsonCall<typeof admin.auditListRequest, typeof admin.auditListResponse>;
  "auth/confirmTotp": JsonCall<typeof admin.otpRequest, typeof identity.totpConfirmation>;
  "auth/enrollTotp": JsonCall<typeof user.emptyRequest, typeof admin.totpEnrolment>;
  "auth/login": JsonCall<typeof admin.staffLoginRequest, typeof admin.staffSession>;
  "auth/logout": JsonCall<typeof user.emptyRequest, null>;
  "auth/me": JsonCall<typeof user.emptyRequest, typeof admin.staffMe>;
  "blockTrades/check": JsonCall<
    typeof offeringCheck.offeringCheckRequest,
    typeof offeringCheck.offeringCheckResponse
  >;
  "blockTrades/list": JsonCall<
    typeof blockTrade.adminBlockTradeListRequest,
    typeof blockTrade.adminBlockTradePage
  >;
  "blockTrades/save": JsonCall<
    typeof blockTrade.adminBlockTradeSaveRequest,
    typeof blockTrade.adminBlockTradeOffer
  >;
  "blockTrades/withdraw": JsonCall<
    typeof blockTrade.adminBlockTradeWithdrawRequest,
    typeof blockTrade.adminBlockTradeOffer
  >;
  "channels/list": JsonCall<typeof user.emptyRequest, typeof deposits.channelListResponse>;
  "channels/save": JsonCall<typeof deposits.channelSaveRequest, typeof deposits.adminDepositChannel>;
  "config/list": JsonCall<typeof user.emptyRequest, typeof ledgerAdmin.configListResponse>;
  "config/reset": JsonCall<typeof ledgerAdmin.configResetRequest, typeof ledgerAdmin.configSetResponse>;
  "config/set": JsonCall<typeof ledgerAdmin.configSetRequest, typeof ledgerAdmin.configSetResponse>;
  "deposits/voucher": FileCall<typeof deposits.depositVoucherRequest, "image/jpeg">;
  "follow/cancelOrder": JsonCall<typeof follow.adminFollowCancelOrderRequest, typeof trading.tradeOrder>;
  "follow/close": JsonCall<typeof follow.adminFollowCloseRequest, typeof follow.adminFollowProduct>;
  "follow/closePosition": JsonCall<typeof follow.adminFollowClosePositionRequest, typeof trading.tradeOrder>;
  "follow/detail": JsonCall<typeof follow.adminFollowDetailRequest, typeof follow.adminFollowDetail>;
  "follow/list": JsonCall<typeof follow.adminFollowListRequest, typeof follow.adminFollowPage>;
  "follow/save": JsonCall<typeof follow.adminFollowSaveRequest, typeof follow.adminFollowProduct>;
  "follow/trade": JsonCall<typeof follow.adminFollowTradeRequest, typeof trading.tradeOrder>;
  "ipos/cancel": JsonCall<typeof ipo.adminIpoActionRequest, typeof ipo.adminIpoOffering>;
  "proofs/build": JsonCall<typeof proof.adminProofBuildRequest, typeof proof.adminProofBuild>;
  "proofs/list": JsonCall<typeof proof.adminProofListRequest, typeof proof.adminProofList>;
  "ipos/check": JsonCall<
    typeof offeringCheck.offeringCheckRequest,
    typeof offeringCheck.offeringCheckResponse
  >;
  "ipos/draw": JsonCall<typeof ipo.adminIpoActionRequest, typeof ipo.adminIpoOffering>;
  "ipos/finalPrice": JsonCall<typeof ipo.adminIpoFinalPriceRequest, typeof ipo.adminIpoOffering>;
  "ipos/listing": JsonCall<typeof ipo.adminIpoActionRequest, typeof ipo.adminIpoOffering>;
  "ipos/offerings": JsonCall<typeof ipo.adminIpoListRequest, typeof ipo.adminIpoPage>;
  "ipos/save": JsonCall<typeof ipo.adminIpoSaveRequest, typeof ipo.adminIpoOffering>;
  "ipos/subscriptions": JsonCall<
    typeof ipo.adminIpoSubscriptionsRequest,
    typeof ipo.adminIpoSubscriptionPage
  >;
  "ipos/verify": JsonCall<typeof ipoDraw.adminIpoVerifyRequest, typeof ipoDraw.adminIpoVerification>;
  "kyc/photo": FileCall<typeof kyc.kycAdminPhotoRequest, "image/jpeg">;
  "news/list": JsonCall<typeof news.adminNewsListRequest, typeof news.adminNewsPage>;
  "news/save": JsonCall<typeof news.adminNewsSaveRequest, typeof news.adminNewsArticle>;
  "news/withdraw": JsonCall<typeof news.adminNewsWithdrawRequest, typeof news.adminNewsArticle>;
  "placements/list": JsonCall<
    typeof placement.adminPlacementListRequest,
    typeof placement.adminPlacementPage
  >;
  "placements/save": JsonCall<
    typeof placement.adminPlacementSaveRequest,
    typeof placement.adminPlacementOffer
  >;
  "placements/withdraw": JsonCall<
    typeof placement.adminPlacementWithdrawRequest,
    typeof placement.adminPlacementOffer
  >;
  "reviews/decide": JsonCall<typeof admin.reviewDecideRequest, typeof admin.reviewDecideResponse>;
  "reviews/list": JsonCall<typeof admin.reviewListRequest, typeof admin.reviewListResponse>;
  "reviews/summary": JsonCall<typeof user.emptyRequest, typeof admin.reviewSummaryResponse>;
  "support/assign": JsonCall<
    typeof support.adminSupportAssignRequest,
    typeof support.adminSupportThreadDetail
  >;
  "support/image": FileCall<typeof support.supportImageRequest, "image/jpeg">;
  "support/reply": JsonCall<typeof support.adminSupportReplyRequest, typeof support.adminSupportThreadDetail>;
  "support/resolve": JsonCall<
    typeof support.adminSupportResolveRequest,
    typeof support.adminSupportThreadDetail
  >;
  "support/staff": JsonCall<typeof user.emptyRequest, typeof support.adminSupportStaffList>;
  "support/stats": JsonCall<typeof user.emptyRequest, typeof support.adminSupportStats>;
  "support/thread": JsonCall<typeof support.supportThreadRequest, typeof support.adminSupportThreadDetail>;
  "support/threads": JsonCall<
    typeof support.adminSupportThreadsRequest,
    typeof support.adminSupportThreadPage
  >;
  "staff/create": JsonCall<typeof admin.staffCreateRequest, typeof admin.staffMember>;
  "staff/disable": JsonCall<typeof admin.staffIdRequest, typeof admin.staffMember>;
  "staff/list": JsonCall<typeof user.emptyRequest, typeof admin.staffListResponse>;
  "staff/setRole": JsonCall<typeof admin.staffSetRoleRequest, typeof admin.staffMember>;
  "users/adjust": JsonCall<typeof ledgerAdmin.adjustBalanceRequest, typeof ledgerAdmin.adjustBalanceResponse>;
  "users/detail": JsonCall<typeof admin.userIdRequest, typeof admin.userDetail>;
  "users/endSessions": JsonCall<typeof admin.endUserSessionsRequest, typeof admin.endUserSessionsResponse>;
  "users/ledger": JsonCall<typeof ledgerAdmin.userLedgerRequest, typeof ledgerAdmin.userLedgerResponse>;
  "users/orders": JsonCall<typeof tradingAdmin.adminUserOrdersRequest, typeof trading.tradeOrderPage>;
  "users/reveal": JsonCall<typeof admin.userRevealRequest, typeof admin.userRevealResponse>;
  "users/search": JsonCall<typeof admin.userSearchRequest, typeof admin.userSearchResponse>;
  "users/setCreditScore": JsonCall<typeof admin.setCreditScoreRequest, typeof admin.setCreditScoreResponse>;
  "users/setFlags": JsonCall<typeof admin.setUserFlagsRequest, typeof admin.setUserFlagsResponse>;
}

export type UserPath = keyof UserEndpoints;
export type AdminPath = keyof AdminEndpoints;

type PathsOfKind<E, Kind extends Call["kind"]> = {
  [P in keyof E]: E[P] extends { kind: Kind } ? P : never;
}[keyof E];

/** The paths answering the JSON envelope (a JSON or a multipart body). */
export type UserJsonPath = PathsOfKind<UserEndpoints, "json">;
export type UserFilePath = PathsOfKind<UserEndpoints, "file">;
export type UserMultipartPath = PathsOfKind<UserEndpoints, "multipart">;
export type AdminJsonPath = PathsOfKind<AdminEndpoints, "json">;
export type AdminFilePath = PathsOfKind<AdminEndpoints, "file">;

/** What a client sends to a path, and the `data` its success answers. */
export type UserRequest<P extends UserPath> = UserEndpoints[P]["request"];
export type UserAnswer<P extends UserPath> = UserEndpoints[P]["answer"];
export type AdminRequest<P extends AdminPath> = AdminEndpoints[P]["request"];
export type AdminAnswer<P extends AdminPath> = AdminEndpoints[P]["answer"];
