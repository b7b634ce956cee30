import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { apiPost } from "../lib/api";
import { clearSession } from "../lib/storage";
import { showSuccess } from "../lib/toast";
import { useConfig } from "../lib/config";

/** Spec §9: after "exit" the log-in screen follows in 1 s. */
export const EXIT_REDIRECT_MS = 1000;

/** The special target that opens the customer-service link of config (spec §2). */
export const KEFU = "kefu";

/** The in-app conversation with support staff, where "kefu" leads while no link is configured. */
export const KEFU_SCREEN = "/home/kefuView";

/** The configured customer-service link (an https URL), or undefined: then "kefu" opens KEFU_SCREEN. */
export const useKefu = (): string | undefined => useConfig().data?.kefu;

/**
 * Navigation with the spec's special targets: "kefu" opens the customer-service link from config (the
 * in-app conversation while none is configured), "exit" ends the session; anything else is a path.
 */
export function useGo() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const kefu = useKefu();

  return useCallback(
    (target: string, state?: unknown) => {
      if (target === KEFU) {
        // With a configured link it opens in a new window; without one, the in-app conversation.
        if (kefu) window.open(kefu, "_blank", "noopener");
        else navigate(KEFU_SCREEN);
        return;
      }
      if (target === "exit") {
        // Revoke the session on the server too; the headers are read before the storage is cleared.
        apiPost("user/logout", {}, { silent: true, ignoreUnauthorized: true }).catch(() => undefined);
        clearSession();
        showSuccess(t("common.loggedOut"));
        // The cached user data went with the session (app/queryClient); this screen keeps what it shows.
        setTimeout(() => navigate("/login/login", { replace: true }), EXIT_REDIRECT_MS);
        return;
      }
      navigate(target, { state });
    },
    [kefu, navigate, t],
  );
}
