/**
 * The viewer's own work as User Timing measures ("heatmap view": a layer turned into the values of
 * a view; "heatmap paint": those values into pixels; "heatmap isolines": the smooth mode's
 * threshold lines traced; "heatmap isolines drawn", measured where they are drawn: from the plan
 * coming to rest until they are on the canvas), so the browser's performance panel and the
 * benchmark read the same figures the user waits for.
 */
export function timed<T>(name: 'heatmap view' | 'heatmap paint' | 'heatmap isolines', work: () => T): T {
  const start = performance.now();
  const result = work();
  performance.measure(name, { start, end: performance.now() });
  return result;
}
