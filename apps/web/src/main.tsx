import "./lib/zodJitless";
import "./app/start";
