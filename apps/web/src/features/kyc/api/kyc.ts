import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";
import { hasSession } from "../../../lib/storage";
import { USER_INFO_KEY } from "../../account";
import { postMultipart } from "./upload";

export const KYC_STATUS_KEY = ["kyc", "status"] as const;
export const KYC_STATUS_PATH = "kyc/status";
export const KYC_SUBMIT_PATH = "kyc/submit";

/** `kyc/status`: where the user's real-name verification stands. */
export function useKycStatus() {
  return useQuery({
    queryKey: KYC_STATUS_KEY,
    queryFn: () => apiPost(KYC_STATUS_PATH),
    enabled: hasSession(),
  });
}

export interface KycSubmission {
  realName: string;
  idNumber: string;
  front: File;
  back: File;
}

/**
 * `kyc/submit` as multipart, reporting upload progress. The answer is the new status; the profile
 * (its KYC badge) is read again.
 */
export function useSubmitKyc(onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: KycSubmission) => {
      const form = new FormData();
      form.append("realName", submission.realName);
      form.append("idNumber", submission.idNumber);
      form.append("front", submission.front, submission.front.name || "front");
      form.append("back", submission.back, submission.back.name || "back");
      return postMultipart(KYC_SUBMIT_PATH, form, onProgress);
    },
    onSuccess: (status) => {
      queryClient.setQueryData(KYC_STATUS_KEY, status);
      void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
  });
}
