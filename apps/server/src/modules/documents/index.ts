/** What other modules use of documents (CONTRIBUTING, "A server module"): they import it from here. */
export { DocumentService, type DocumentFile } from "./service.js";
