import type { ScreenTable } from "./routes";

/** The screens behind log-in (the log-in flow's are in routes.ts, LOGIN_SCREENS): adding one is one line. */
export const APP_SCREENS: ScreenTable = {
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
