/**
 * A form's values against the stored ones: `dirty` while anything differs (Save is enabled only
 * then), `reset()` back to the stored values, checks shown once a field was left or a save was
 * tried. After a successful save the saved values become the stored ones. A refused save keeps
 * everything typed: the field the API named is marked, and the form says why in its language.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { apiFailureOf, type ApiFailure } from '../../lib/api-failure.js';
import { useTranslation } from '../../lib/i18n.js';
import type { Check } from './validators.js';
import { failureText } from './failure-text.js';

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

/** A screen's own sentence for a refusal it knows (a 409 naming a duplicate); undefined for the generic one. */
export type DescribeFailure = (failure: ApiFailure) => string | undefined;

export function useFormState<V extends Record<string, unknown>>(stored: V, checks: Checks<V> = {}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(stored);
  const [refused, setRefused] = useState<{ field?: keyof V; text: string } | null>(null);
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
  const errors = Object.fromEntries(
    Object.keys(values)
      .map((name) => [name, errorOf(name)])
      .filter(([, message]) => message),
  ) as Partial<Record<keyof V, string>>;
  const isValid = Object.keys(errors).length === 0;

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Changing the field the server refused is the answer to its complaint.
    setRefused((current) => (current?.field === name ? null : current));
  }, []);

  function field<K extends keyof V>(name: K): FieldBinding<V[K]> {
    const serverError = refused?.field === name ? t('admin.form.fieldRefused') : undefined;
    return {
      value: values[name],
      onChange: (value) => setValue(name, value),
      onBlur: () => setLeft((current) => new Set(current).add(name)),
      error: (tried || left.has(name) ? errors[name] : undefined) ?? serverError,
    };
  }

  function reset() {
    setValues(saved);
    setLeft(new Set());
    setTried(false);
    setRefused(null);
  }

  /** Checks everything, then saves; when the save is refused the form keeps what was typed. */
  function handleSubmit(save: (values: V) => unknown | Promise<unknown>, describe?: DescribeFailure) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      setTried(true);
      if (!isValid || !dirty || pending) return;
      setPending(true);
      setRefused(null);
      try {
        await save(values);
        setSaved(values);
        setLeft(new Set());
        setTried(false);
      } catch (error) {
        const failure = apiFailureOf(error);
        const field = failure.field && failure.field in values ? (failure.field as keyof V) : undefined;
        setRefused({ field, text: describe?.(failure) ?? failureText(t, failure, field !== undefined) });
      } finally {
        setPending(false);
      }
    };
  }

  /** Why the last save was refused, in the reader's language; null when it was not. */
  const formError = refused?.text ?? null;

  return { values, errors, isValid, dirty, pending, formError, field, setValue, reset, handleSubmit };
}
