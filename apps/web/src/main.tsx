import "./app/start";
