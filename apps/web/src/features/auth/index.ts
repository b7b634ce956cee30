export {
  RECOVERY_CODE_PLACEHOLDER,
  isAppCode,
  isRecoveryCode,
  tidyAppCode,
  tidyRecoveryCode,
} from "./otpFormat";
