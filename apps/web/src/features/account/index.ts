export { ACCOUNT_OVERVIEW_KEY, useAccountOverview, useDisplayCurrency } from "./api/overview";
export { USER_INFO_KEY, displayName, useUserInfo } from "./api/userInfo";
