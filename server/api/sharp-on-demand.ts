/**
 * sharp (libvips) imported on first use: tens of megabytes resident that a server which has not
 * handled an image yet does not need (a restart, most API requests).
 */
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
