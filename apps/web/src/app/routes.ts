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

/**
 * Screens built so far. A path of SPEC_PATHS missing here renders the shared placeholder screen (its
 * translated title, the top-back bar and the empty-list placeholder) until its feature lands: adding a
 * screen is one line here.
 */
export const SCREENS: Partial<Record<(typeof SPEC_PATHS)[number], () => Promise<ScreenModule>>> = {
  "/login/start": () => import("../features/auth/screens/StartScreen"),
  "/login/start1": () => import("../features/auth/screens/WelcomeScreen"),
  "/login/loginAfter": () => import("../features/auth/screens/LoginAfterScreen"),
  "/login/login": () => import("../features/auth/screens/LoginScreen"),
  "/login/register": () => import("../features/auth/screens/RegisterScreen"),
  "/login/reLogin": () => import("../features/auth/screens/ReLoginScreen"),
  "/home/index": () => import("../features/home/screens/HomeScreen"),
  "/home/market": () => import("../features/market/screens/MarketOverviewScreen"),
  "/home/stockList": () => import("../features/market/screens/StockListScreen"),
  "/market/index": () => import("../features/market/screens/MarketScreen"),
  "/market/stockDetail": () => import("../features/market/screens/StockDetailScreen"),
  "/market/stockDetailzs": () => import("../features/market/screens/IndexDetailScreen"),
  "/market/components/optionList": () => import("../features/market/screens/OptionListScreen"),
  "/favorite/index": () => import("../features/favorite/screens/FavoriteScreen"),
  "/favorite/search": () => import("../features/favorite/screens/SearchScreen"),
  "/information/index": () => import("../features/account/screens/AccountScreen"),
  "/information/setting": () => import("../features/account/screens/SettingScreen"),
  "/information/changeLang": () => import("../features/account/screens/ChangeLangScreen"),
  "/information/loginPass": () => import("../features/account/screens/LoginPassScreen"),
  "/information/fundPass": () => import("../features/account/screens/FundPassScreen"),
  "/information/aqSet": () => import("../features/security/screens/SecurityScreen"),
  "/information/authInfo": () => import("../features/kyc/screens/AuthInfoScreen"),
  "/information/bankList": () => import("../features/cards/screens/BankListScreen"),
  "/information/addBankCard": () => import("../features/cards/screens/AddBankCardScreen"),
  "/information/usdtAddress": () => import("../features/cards/screens/UsdtAddressScreen"),
  "/information/userInfo": () => import("../features/messages/screens/InboxScreen"),
  "/information/msgInfo": () => import("../features/messages/screens/MessageScreen"),
  "/information/aboutUs": () => import("../features/about/screens/AboutUsScreen"),
  "/information/company": () => import("../features/about/screens/CompanyScreen"),
  "/information/aboutInfo": () => import("../features/about/screens/LegalScreen"),
};

export const loadPlaceholder = (): Promise<ScreenModule> => import("../components/PlaceholderScreen");
