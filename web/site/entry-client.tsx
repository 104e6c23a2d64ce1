import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandProps } from './island';
import { islandLoaders } from './islands';
import 'virtual:site-tokens.css';
import '../app/fonts.css';
import './site.css';

/** Hydrates each island of the server-rendered page with its own code, loaded on demand. */
for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
  const load = islandLoaders[name];
  if (!load) {
    console.error(`No island named ${name}`);
    continue;
  }
  const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as IslandProps;
  void load().then((Component) => hydrateRoot(element, createElement(Component, props)));
}
