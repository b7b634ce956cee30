export { useDayTradingStatus } from "./api/dayTrading";
export { IntradaySwitch } from "./components/IntradaySwitch";
