import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/IconButton";
import { BrandMark } from "../../../components/BrandMark";
import { useGo } from "../../../app/useGo";
import { displayName, useUserInfo } from "../../account";
import { useUnreadCount } from "../../messages";

/** The home top menu (spec §2): greeting, search, messages. */
export function TopMenu() {
  const { t } = useTranslation();
  const go = useGo();
  const user = useUserInfo();
  const unread = useUnreadCount().data ?? 0;
  return (
    <header className="top-menu">
      <BrandMark size="0.32rem" />
      <h1 className="top-menu__greeting">{t("home.greeting", { name: displayName(user.data) })}</h1>
      <IconButton light icon="search" label={t("home.search")} onClick={() => go("/favorite/search")} />
      <IconButton
        light
        icon="bell"
        badge={unread}
        label={unread > 0 ? t("home.messagesUnread", { count: unread }) : t("home.messages")}
        onClick={() => go("/information/userInfo")}
      />
    </header>
  );
}
