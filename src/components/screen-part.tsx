import { createElement, useEffect, useState, type ComponentType } from 'react';

/**
 * A part of a screen that only some of its pages show (the tile calculator, the lote picker), so
 * its code is a chunk of its own that the other pages never load. `load()` is awaited before a page
 * that shows it renders: by the screen's loader (the server render, a move within the app) and by
 * the browser's start before hydrating (src/main.tsx), so the first render matches the server's.
 * `source` is the part's module as Vite's manifest names it: the server preloads that chunk with
 * the page's own (src/server/render/template.ts).
 */
export interface ScreenPart {
  source: string;
  load(): Promise<void>;
}

export function screenPart<Props extends object>(
  source: string,
  importer: () => Promise<ComponentType<Props>>,
): ScreenPart & { Part: ComponentType<Props> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        loading = undefined; // a failed download is tried again on the next page that needs it
        throw error;
      },
    ));
  function Part(props: Props) {
    // Only if no one loaded it first (a page rendered without its loader): it shows once it arrives.
    const [, setArrived] = useState(false);
    useEffect(() => {
      if (!loaded)
        void load().then(
          () => setArrived(true),
          () => undefined,
        );
    }, []);
    return loaded ? createElement(loaded, props) : null;
  }
  return { source, load, Part };
}

/** Loads every part a page shows (none loads twice). */
export async function loadParts(parts: readonly ScreenPart[]): Promise<void> {
  await Promise.all(parts.map((part) => part.load()));
}
