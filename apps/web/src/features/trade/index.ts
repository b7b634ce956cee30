export { TRADE_KEY, useInventory } from "./api/trade";
export { ConfirmAction } from "./components/ConfirmAction";
export { InventoryRow, PnlText } from "./components/InventoryRow";
export { LotsStepper } from "./components/LotsStepper";
export { AvailableRow, CostRows } from "./components/PreviewTerms";
export { RowMain, useOpenPosition } from "./components/RowMain";
export { POSITION_DETAIL_KEY } from "./order";
