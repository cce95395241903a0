/** Renders a component with the providers of the app (data cache, client-side links). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider } from 'react-aria-components';
import type { FlowBase } from '../../../shared/identity-flow.js';

export function renderWithProviders(element: ReactElement, navigate: (path: string) => void = () => undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider navigate={navigate}>{element}</RouterProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A flow fixture, deep-copied so a test may change it. */
export function fixture<T>(value: T): T {
  return structuredClone(value);
}

/** A recorded flow as the client types it: JSON imports widen its literal node types to strings. */
export function flowFixture(value: unknown): FlowBase {
  return structuredClone(value) as FlowBase;
}
