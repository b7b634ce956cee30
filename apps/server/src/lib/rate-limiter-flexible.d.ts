// The library's base class of stores is its extension point, but only its type is exported from the package
// root: the class itself is reached by its file.
declare module "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js" {
  import { RateLimiterStoreAbstract } from "rate-limiter-flexible";
  export default RateLimiterStoreAbstract;
}
