import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Screen } from "../components/Screen";
import { EmptyState } from "../components/EmptyState";
import { TAB_ROOTS, titleKeyOf } from "./routes";

/**
 * A route whose feature arrives in a later issue: its real title, the top-back bar (no back on a tab
 * root, where the tab bar navigates) and the empty-list placeholder. Never sample data.
 */
export default function PlaceholderScreen() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <Screen title={t(titleKeyOf(pathname))} back={!TAB_ROOTS.includes(pathname)}>
      <section className="card">
        <EmptyState />
      </section>
    </Screen>
  );
}
