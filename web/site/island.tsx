import type { ComponentType, JSX } from 'react';

/**
 * An interactive part of a server-rendered page. The server renders the component inside a
 * wrapper that names it and carries its props as JSON; the client entry finds each wrapper,
 * loads that component's code and hydrates it in place. Everything outside the islands stays
 * static HTML, so a page ships and runs only the code its interactive parts need.
 */
export const ISLAND_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-props';

/** Props survive the trip through JSON: plain data only. */
export type IslandProps = Record<string, unknown>;

export function island<P extends IslandProps>(name: string, Component: ComponentType<P>) {
  function Island(props: P & { className?: string }): JSX.Element {
    const { className, ...rest } = props;
    return (
      <div
        className={className}
        {...{ [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(rest) }}
      >
        <Component {...(rest as P)} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
