// The analyzer's own setting for scripts/generate.mjs: it would otherwise point package.json's
// `customElements` at the cache it writes into; the package ships ./custom-elements.json.
export default { packagejson: false };
