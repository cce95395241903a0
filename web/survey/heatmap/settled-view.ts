/**
 * Where the plan came to rest after the last zoom or pan, and the frame's size: layers that are
 * drawn at screen resolution (the isolines) draw for this view, once per gesture instead of on
 * every step of it, and ride along with the stage while the next gesture is under way.
 */
import { createContext, useContext } from 'react';
import type { Transform } from './viewport-transform.js';

export interface SettledView {
  transform: Transform;
  /** The frame's inside size, CSS pixels. */
  frame: { width: number; height: number };
  /** When the plan came to rest (performance.now()). */
  since: number;
}

export const SettledViewContext = createContext<SettledView | null>(null);

export const useSettledView = () => useContext(SettledViewContext);
