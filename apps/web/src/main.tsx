import "./lib/zodJitless";

// The app, and with it every contract schema, loads only after the line above has run: a static import
// would let the bundler evaluate the shared chunk holding the schemas before this module's own code.
void import("./app/start");
