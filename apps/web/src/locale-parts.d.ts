// A part of a locale file (localePartsPlugin.ts): some of its sections, as a JSON module. An ambient
// module cannot import at the top, so the texts are typed structurally (i18next's ResourceKey is the same).
declare module "*.json?part=shell" {
  const texts: { [key: string]: unknown };
  export default texts;
}
declare module "*.json?part=screens" {
  const texts: { [key: string]: unknown };
  export default texts;
}
