/* global window */
// Development only (server/modules/site/site-assets.ts): React Fast Refresh's preamble, which
// Vite writes inline into index.html, as a module file, since the server's pages allow no inline
// script.
import RefreshRuntime from '/@react-refresh';

RefreshRuntime.injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
window.__vite_plugin_react_preamble_installed__ = true;
