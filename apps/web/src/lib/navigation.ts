/**
 * Lets non-React code (the API client) navigate. The app registers the router's navigate at start-up;
 * before that, a hash change does the same job in hash mode.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => {
  window.location.hash = `#${path}`;
};

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
