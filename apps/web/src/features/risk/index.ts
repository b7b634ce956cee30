export { useMarginStatus, useRiskDisclosure, RISK_KEY } from "./api/risk";
export { AcknowledgeRisk } from "./components/AcknowledgeRisk";
export { MarginBanner } from "./components/MarginBanner";
export { RiskWarning } from "./components/RiskWarning";
