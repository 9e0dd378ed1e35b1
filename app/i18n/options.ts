/** The languages and the strings' one namespace, on the server and in the browser. */
export { fallbackLng, isLanguage, supportedLngs, type Language } from "./language";
export const defaultNS = "common";
