// postcss-simple-vars ships no types; vite.config.ts uses only its plugin factory.
declare module 'postcss-simple-vars' {
  import type { PluginCreator } from 'postcss';
  const simpleVars: PluginCreator<{ variables?: Record<string, string> }>;
  export default simpleVars;
}
