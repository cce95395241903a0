/**
 * Values that are ready now on a cache hit and a promise on a miss. Chaining them with `andThen`
 * keeps one code path for both while a fully cached request never waits for a microtask: on
 * the gateway's hot path every await is a measurable share of a request.
 */
export type MaybePromise<T> = T | Promise<T>;

// Not named `then`: a module exporting `then` is a thenable, and `import()` of it would call it.

export function andThen<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

export function all<T extends readonly unknown[]>(values: { [K in keyof T]: MaybePromise<T[K]> }): MaybePromise<T> {
  return values.some((value) => value instanceof Promise) ? Promise.all(values) : (values as unknown as T);
}

/** Runs a Fastify callback-style hook body, reporting a throw or a rejection through `done`. */
export function settle<T>(work: () => MaybePromise<T>, onValue: (value: T) => void, done: (error?: Error) => void): void {
  try {
    const value = work();
    if (value instanceof Promise) {
      value.then(
        (resolved) => {
          onValue(resolved);
          done();
        },
        (error: Error) => done(error),
      );
    } else {
      onValue(value);
      done();
    }
  } catch (error) {
    done(error as Error);
  }
}
