/** A floor plan file that cannot be used, with the status and reason its uploader is told. */
export class FloorplanImageError extends Error {
  override name = 'FloorplanImageError';
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message);
  }
}
