import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient, reactToFailedCall } from './queryClient';

/**
 * Server state (react-query) loads after the first paint (issue 14): the landing and login pages
 * paint without it, and it is fetched on demand, here, for everything that reads the server. The
 * page has one query client, made on first use, whichever part of the page asks first.
 */
let client: QueryClient | undefined;

export function appQueryClient(): QueryClient {
  return (client ??= createQueryClient());
}

/** The page's query client for what it wraps. */
export function QueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}

/** The app's reaction to a call that failed outside react-query (the login page's calls). */
export function reactToFailedSignIn(error: unknown): void {
  reactToFailedCall(appQueryClient(), error);
}
