export { postMultipart } from "./api/upload";
export { PhotoPicker } from "./components/PhotoPicker";
export { UploadProgress } from "./components/UploadProgress";
export { KYC_PHOTO_MAX_MB, photoProblem } from "./photoCheck";
