/** Toasts: bottom right, gone after 3000 ms, paused while hovered or while the window is in the background, dismissed by a click. */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../web/ui/Toasts.js';
import { TOAST_TIMEOUT_MS, toastStore } from '../../web/ui/toast-store.js';
import { renderWithProviders } from './support/render.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function show(text: string) {
  act(() => {
    toastStore.show(text, 'success');
  });
}

describe('toasts', () => {
  it('close on their own after 3000 ms', () => {
    expect(TOAST_TIMEOUT_MS).toBe(3000);
    renderWithProviders(<Toasts />);
    show('Saved');
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByText('Saved')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('pause while hovered and resume with the time left', () => {
    renderWithProviders(<Toasts />);
    show('Saved');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Notifications' }));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByText('Saved')).toBeTruthy();
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Notifications' }));
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.queryByText('Saved')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('pause while the window is in the background', () => {
    renderWithProviders(<Toasts />);
    show('Copied');
    act(() => {
      window.dispatchEvent(new Event('blur'));
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByText('Copied')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('focus'));
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('are dismissed by a click', () => {
    renderWithProviders(<Toasts />);
    show('Saved');
    fireEvent.click(screen.getByText('Saved'));
    expect(screen.queryByText('Saved')).toBeNull();
  });
});
