import type { ThemeConfig } from "antd";

/**
 * The class antd's prebuilt sheet (antd/dist/antd.css) scopes its design tokens to. In zero-runtime mode
 * the components must carry the same class; theme.test.ts checks the sheet still uses it after an upgrade.
 */
export const ANTD_CSS_VAR_KEY = "css-var-_R_0_";

export const ADMIN_THEME: ThemeConfig = {
  zeroRuntime: true,
  // The prebuilt sheet's selectors carry no hash class.
  hashed: false,
  cssVar: { key: ANTD_CSS_VAR_KEY },
};
