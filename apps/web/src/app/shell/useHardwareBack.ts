import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { i18n } from "../../lib/i18n";
import { showInfo } from "../../lib/toast";
import { createBackPressHandler, exitApp, listenBackButton } from "../backButton";
import { EXIT_ROOTS } from "../routes";

/** Wires the shell's hardware back button (Capacitor) to history; a no-op in a browser. */
export function useHardwareBack() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const onPress = createBackPressHandler({
      now: () => Date.now(),
      isRootScreen: () => EXIT_ROOTS.includes(pathRef.current),
      goBack: () => void navigate(-1),
      exitApp: () => exitApp(),
      hintExit: () => showInfo(i18n.t("common.pressAgainToExit")),
    });
    return listenBackButton(onPress);
  }, [navigate]);
}
