import type { ComponentType } from "react";

/** Every path of spec §2, in its table's order. No route carries parameters. */
export const SPEC_PATHS = [
  "/login/start",
  "/login/start1",
  "/login/loginAfter",
  "/login/login",
  "/login/register",
  "/login/reLogin",
  "/home/index",
  "/home/market",
  "/home/loan",
  "/home/kefuView",
  "/home/loanRe",
  "/home/loanJq",
  "/home/newsList",
  "/home/newsDetail",
  "/home/blockTrade",
  "/home/blockTrade1",
  "/home/blockTrade2",
  "/home/fllow",
  "/home/qcList",
  "/home/dayTrading",
  "/home/newStock",
  "/home/newStockPs",
  "/home/newShareOrder",
  "/home/newStockBuy",
  "/home/newStockPsBuy",
  "/home/stockList",
  "/market/index",
  "/market/marketBuy",
  "/market/stockDetail",
  "/market/stockDetailzs",
  "/market/components/optionList",
  "/trade/index",
  "/trade/positionDetail",
  "/favorite/index",
  "/favorite/search",
  ...[
    "index",
    "settled",
    "setting",
    "aqSet",
    "aboutInfo",
    "company",
    "product",
    "changeLang",
    "loginPass",
    "fundPass",
    "bankList",
    "addBankCard",
    "fundRecord",
    "exChange",
    "authInfo",
    "aboutUs",
    "usdtAddress",
    "cashOut",
    "recharge",
    "rechargeChannel",
    "userInfo",
    "msgInfo",
  ].map((name) => `/information/${name}`),
] as const;

/**
 * Screens beyond spec §2 that a decision of DESIGN adds, in the same style (no parameters): the portfolio
 * (DESIGN §4.1 `account/portfolio`), under the account centre; the daily check-in's rewards (spec §2
 * "Daily check-in", which names no path), from the home screen's card; the seat account (spec §6), under
 * the account centre; the yearly tax report (DESIGN §4.1 `fund/taxReport`), from the fund records; the
 * proof of liabilities (DESIGN §4.1 `proof/latest`, `proof/mine`), under the account centre and open
 * before log-in; a copy-trading product's detail (DESIGN §4.1 `follow/product`: the NAV chart, the
 * measured figures, the costs and the buy sheet), from the product list (/home/fllow); self-protection
 * (DESIGN §4.1 `user/killSwitch`, `user/lossLimit`), under security settings.
 */
export const ADDED_PATHS = [
  "/information/portfolio",
  "/home/checkIn",
  "/information/seat",
  "/information/taxReport",
  "/information/proof",
  "/home/fllowDetail",
  "/information/selfProtection",
] as const;

/** Every route of the app: the spec's, then the added ones. */
export const APP_PATHS = [...SPEC_PATHS, ...ADDED_PATHS] as const;

/** The five bottom-tab roots (spec §2), in tab-bar order. */
export const TAB_ROOTS = [
  "/home/index",
  "/market/index",
  "/trade/index",
  "/home/newsList",
  "/information/index",
];

/** Screens where a second hardware-back press within 1 s leaves the app. */
export const EXIT_ROOTS = [...TAB_ROOTS, "/login/start", "/login/start1", "/login/login", "/login/reLogin"];

/** The locale key of a screen's title: "/home/newStock" → "title.home.newStock". */
export const titleKeyOf = (path: string) => `title.${path.slice(1).split("/").join(".")}`;

export type ScreenModule = { default: ComponentType };

export type ScreenTable = Partial<Record<string, () => Promise<ScreenModule>>>;

/**
 * The log-in flow's screens. Every other screen is in `./screens` (APP_SCREENS), a table loaded with the
 * first screen behind log-in: the log-in screen's first load does not carry the import map of every
 * screen of the app. Every path of APP_PATHS has its screen in one of the two (routes.test keeps it so):
 * there is no placeholder screen; adding a screen is one line in `./screens`.
 */
export const LOGIN_SCREENS: ScreenTable = {
  "/login/start": () => import("../features/auth/screens/StartScreen"),
  "/login/start1": () => import("../features/auth/screens/WelcomeScreen"),
  "/login/loginAfter": () => import("../features/auth/screens/LoginAfterScreen"),
  "/login/login": () => import("../features/auth/screens/LoginScreen"),
  "/login/register": () => import("../features/auth/screens/RegisterScreen"),
  "/login/reLogin": () => import("../features/auth/screens/ReLoginScreen"),
};

export const isLoginPath = (path: string) => path.startsWith("/login/");
