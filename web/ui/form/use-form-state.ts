/**
 * A form's values against the stored ones: `dirty` while anything differs (Save is enabled only
 * then), `reset()` back to the stored values, checks shown once a field was left or a save was
 * tried. After a successful save the saved values become the stored ones.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Check } from './validators.js';

export type Checks<V> = { [K in keyof V]?: Check<V[K]> };

export interface FieldBinding<T> {
  value: T;
  onChange: (value: T) => void;
  onBlur: () => void;
  error: string | undefined;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function useFormState<V extends Record<string, unknown>>(stored: V, checks: Checks<V> = {}) {
  const [saved, setSaved] = useState(stored);
  const [values, setValues] = useState(stored);
  const [left, setLeft] = useState<ReadonlySet<keyof V>>(new Set());
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const dirty = !same(values, saved);

  // Stored values that arrive or change later (a query resolving) replace an untouched form.
  const storedJson = JSON.stringify(stored);
  const latest = useRef({ stored, dirty });
  latest.current = { stored, dirty };
  useEffect(() => {
    setSaved(latest.current.stored);
    if (!latest.current.dirty) setValues(latest.current.stored);
  }, [storedJson]);

  const errorOf = (name: keyof V) => checks[name]?.(values[name]);
  const errors = Object.fromEntries(Object.keys(values).map((name) => [name, errorOf(name)]).filter(([, message]) => message)) as Partial<Record<keyof V, string>>;
  const isValid = Object.keys(errors).length === 0;

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value })), []);

  function field<K extends keyof V>(name: K): FieldBinding<V[K]> {
    return {
      value: values[name],
      onChange: (value) => setValue(name, value),
      onBlur: () => setLeft((current) => new Set(current).add(name)),
      error: tried || left.has(name) ? errors[name] : undefined,
    };
  }

  function reset() {
    setValues(saved);
    setLeft(new Set());
    setTried(false);
  }

  /** Checks everything, then saves; the form stays as it is when the save fails. */
  function handleSubmit(save: (values: V) => unknown | Promise<unknown>) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      setTried(true);
      if (!isValid || !dirty || pending) return;
      setPending(true);
      try {
        await save(values);
        setSaved(values);
        setLeft(new Set());
        setTried(false);
      } finally {
        setPending(false);
      }
    };
  }

  return { values, errors, isValid, dirty, pending, field, setValue, reset, handleSubmit };
}
