import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { ScreenPart } from '../components/screen-part';
import type { PageMeta } from './page-meta';

/** What a route's loader and head may use: the page's query client, and where it runs. */
export interface RouteContext {
  queryClient: QueryClient;
  /** True in the server render: a failed load then throws, and the server sends the plain shell. */
  server: boolean;
}

/** What a loader answers: the server sends this status (404 for an unknown product or path). */
export interface ScreenData {
  status?: number;
}

/** A route module: its screen, and maybe its data and its head. */
export interface ScreenModule {
  Component: ComponentType;
  /** Puts the screen's data in the query cache (`ensureQueryData` with the feature's query options). */
  load?: (args: LoaderFunctionArgs, context: RouteContext) => Promise<ScreenData | null>;
  /** The page's title, description, canonical link and structured data, from the loaded data. */
  /**
   * The parts of the screen only this page shows (src/components/screen-part.tsx), from the loaded
   * data: the browser loads them before hydrating, the server preloads their code with the page's.
   * The screen's `load` loads them too.
   */
  parts?: (params: Record<string, string | undefined>, context: RouteContext) => ScreenPart[];
  meta?: (args: { params: Record<string, string | undefined>; url: URL }, context: RouteContext) => PageMeta;
}
