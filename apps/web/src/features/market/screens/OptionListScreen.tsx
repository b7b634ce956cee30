import "../market.css";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { WatchlistView } from "../../favorite";

/** /market/components/optionList: the watchlist as a compact quote list. */
export default function OptionListScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t("title.market.components.optionList")}>
      <WatchlistView />
    </Screen>
  );
}
